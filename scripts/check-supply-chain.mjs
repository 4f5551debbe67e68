#!/usr/bin/env node
// What we ship, checked: every production dependency (npm's `.prod` nodes: the services' and the SPA's
// runtime packages, not dev tools) must carry a licence from the allowlist, and `npm audit --omit=dev`
// must report no high or critical advisory. The audit needs the registry's advisory endpoint; when it
// cannot be reached (offline, or a mirror without it) the script says so and does not fail on it.
//
// Usage: node scripts/check-supply-chain.mjs [--licenses-only | --audit-only]
// Exit 1 on a licence outside the allowlist or on a high/critical advisory.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Licences that allow a paid, closed product (SPDX ids). No GPL or AGPL in what we ship. */
export const ALLOWED_LICENSES = new Set([
  'MIT',
  'MIT-0',
  'ISC',
  '0BSD',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'Apache-2.0',
  'OFL-1.1',
  'BlueOak-1.0.0',
  'Unlicense',
  'CC0-1.0',
  'Zlib',
  'Python-2.0',
]);

/**
 * Reviewed one by one. libvips ships as a shared library that sharp loads dynamically; the LGPL allows
 * that in a closed product (we do not modify it, and its source is public).
 */
export const REVIEWED_EXCEPTIONS = new Map([
  ['@img/sharp-libvips-linux-x64', 'LGPL-3.0-or-later, dynamically linked by sharp'],
  ['@img/sharp-libvips-linux-arm64', 'LGPL-3.0-or-later, dynamically linked by sharp'],
  ['@img/sharp-libvips-linuxmusl-x64', 'LGPL-3.0-or-later, dynamically linked by sharp'],
  ['@img/sharp-libvips-linuxmusl-arm64', 'LGPL-3.0-or-later, dynamically linked by sharp'],
  ['pause', 'MIT, stated in its Readme (its package.json has no licence field)'],
]);

/** The licence of a package.json: the SPDX `license`, or the old `licenses` array, or null. */
export function declaredLicense(pkg) {
  if (typeof pkg.license === 'string') return pkg.license;
  if (pkg.license && typeof pkg.license.type === 'string') return pkg.license.type;
  if (Array.isArray(pkg.licenses) && pkg.licenses.length) {
    const types = pkg.licenses.map((entry) => (typeof entry === 'string' ? entry : entry?.type)).filter(Boolean);
    return types.length ? (types.length === 1 ? types[0] : `(${types.join(' OR ')})`) : null;
  }
  return null;
}

/**
 * Whether an SPDX expression is allowed: one `OR` alternative whose `AND` parts are all on the
 * allowlist. (Enough for what npm packages declare; `WITH` exceptions count as their base licence.)
 */
export function licenseAllowed(expression) {
  if (!expression) return false;
  const alternatives = expression.replace(/[()]/g, ' ').split(/\s+OR\s+/i);
  return alternatives.some((alternative) =>
    alternative
      .split(/\s+AND\s+/i)
      .map((part) => part.trim().replace(/\s+WITH\s+.*/i, ''))
      .every((part) => ALLOWED_LICENSES.has(part)),
  );
}

/** Production packages that are not on the allowlist, with what they declare. */
export function licenseProblems(packages) {
  const problems = [];
  for (const pkg of packages) {
    if (pkg.private) continue; // our own workspaces
    const license = declaredLicense(pkg);
    if (licenseAllowed(license) || REVIEWED_EXCEPTIONS.has(pkg.name)) continue;
    problems.push(`${pkg.name}@${pkg.version}: ${license ?? 'no licence declared'} (${pkg.location})`);
  }
  return problems;
}

/** Reads `npm audit --json`: the high/critical findings, or why the audit could not run. */
export function auditFindings(report) {
  const counts = report?.metadata?.vulnerabilities;
  if (!counts) return { unavailable: report?.message ?? report?.error?.summary ?? 'no audit report' };
  const serious = Object.values(report.vulnerabilities ?? {})
    .filter((entry) => entry.severity === 'high' || entry.severity === 'critical')
    .map((entry) => `${entry.name} (${entry.severity}${entry.range ? `, ${entry.range}` : ''})`);
  return { serious, counts };
}

function productionPackages() {
  const query = spawnSync('npm', ['query', '.prod'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (query.status !== 0) throw new Error(`npm query failed: ${query.stderr}`);
  return JSON.parse(query.stdout).map((node) => {
    // npm query reports `license` but not the old `licenses` array: read the package.json for those.
    const manifest =
      node.location && existsSync(path.join(root, node.location, 'package.json'))
        ? JSON.parse(readFileSync(path.join(root, node.location, 'package.json'), 'utf8'))
        : {};
    return {
      name: node.name,
      version: node.version,
      location: node.location || '.',
      private: node.private ?? manifest.private,
      license: manifest.license ?? node.license,
      licenses: manifest.licenses,
    };
  });
}

function checkLicenses() {
  const packages = productionPackages();
  const problems = licenseProblems(packages);
  if (problems.length) {
    console.error(`Licences: ${problems.length} shipped package(s) outside the allowlist:\n  ${problems.join('\n  ')}`);
    return false;
  }
  console.log(`Licences: ${packages.filter((pkg) => !pkg.private).length} production packages, all on the allowlist`);
  return true;
}

function checkAudit() {
  const audit = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  let report;
  try {
    report = JSON.parse(audit.stdout);
  } catch {
    report = { message: audit.error?.message ?? (audit.stderr.trim().split('\n').pop() || 'unreadable output') };
  }
  const findings = auditFindings(report);
  if (findings.unavailable) {
    console.log(`npm audit: the advisory endpoint could not be reached (${findings.unavailable}); skipped, not failed`);
    return true;
  }
  if (findings.serious.length) {
    console.error(
      `npm audit: ${findings.serious.length} high/critical finding(s) in production dependencies:\n  ${findings.serious.join('\n  ')}`,
    );
    return false;
  }
  console.log(`npm audit: no high or critical findings in production dependencies (${JSON.stringify(findings.counts)})`);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = new Set(process.argv.slice(2));
  const licensesOk = args.has('--audit-only') ? true : checkLicenses();
  const auditOk = args.has('--licenses-only') ? true : checkAudit();
  process.exit(licensesOk && auditOk ? 0 : 1);
}
