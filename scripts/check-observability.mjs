#!/usr/bin/env node
// Checks the monitoring files: Prometheus config and alert rules with promtool (`check config`,
// `check rules`, and the alert unit tests in alerts.test.yml), the Grafana dashboard's JSON, and that
// every printloom_* metric the alerts and the dashboard use is one the code defines.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'infra/observability');
const problems = [];
/** Metrics exported by code this check cannot see by name (none today). */
const EXTERNAL_METRICS = new Set();

for (const args of [
  ['check', 'config', 'prometheus.yml'],
  ['check', 'rules', 'alerts.yml'],
  ['test', 'rules', 'alerts.test.yml'],
]) {
  const result = spawnSync('promtool', args, { cwd: dir, encoding: 'utf8' });
  if (result.error) problems.push(`promtool is not installed (Debian package prometheus): ${result.error.message}`);
  else if (result.status !== 0) problems.push(`promtool ${args.join(' ')}:\n${result.stdout}${result.stderr}`);
}

const dashboards = readdirSync(path.join(dir, 'grafana/dashboards')).filter((file) => file.endsWith('.json'));
const used = new Set();
for (const file of dashboards) {
  const dashboard = JSON.parse(readFileSync(path.join(dir, 'grafana/dashboards', file), 'utf8'));
  if (!dashboard.uid || !Array.isArray(dashboard.panels) || dashboard.panels.length === 0)
    problems.push(`${file}: a dashboard needs a uid and panels`);
  for (const panel of dashboard.panels ?? []) {
    if (!panel.targets?.length) problems.push(`${file}: panel "${panel.title}" has no query`);
    for (const target of panel.targets ?? [])
      for (const name of target.expr.match(/printloom_\w+/g) ?? []) used.add(name.replace(/_(bucket|count|sum)$/, ''));
  }
}
for (const name of readFileSync(path.join(dir, 'alerts.yml'), 'utf8').match(/printloom_\w+/g) ?? [])
  used.add(name.replace(/_(bucket|count|sum)$/, ''));

// The backlog gauges are read from JetStream by every generation replica, so each reports the same
// number: a panel or alert must take their max, never their sum.
const QUEUE_GAUGES = /printloom_generation_(queue_depth|oldest_queued_job_age_seconds)/;
for (const file of dashboards) {
  const dashboard = JSON.parse(readFileSync(path.join(dir, 'grafana/dashboards', file), 'utf8'));
  for (const panel of dashboard.panels ?? [])
    for (const target of panel.targets ?? [])
      if (QUEUE_GAUGES.test(target.expr) && /\bsum\b/.test(target.expr))
        problems.push(`${file}: panel "${panel.title}" sums ${QUEUE_GAUGES.exec(target.expr)[0]}, which every replica reports: use max by`);
}

// Every alert links its runbook: a section of docs/operations.md that exists.
{
  const rules = YAML.parse(readFileSync(path.join(dir, 'alerts.yml'), 'utf8')).groups.flatMap((group) => group.rules);
  const anchors = new Set(
    readFileSync(path.join(root, 'docs/operations.md'), 'utf8')
      .split('\n')
      .filter((line) => /^#+ /.test(line))
      .map((line) =>
        line
          .replace(/^#+ /, '')
          .trim()
          .toLowerCase()
          .replace(/[^a-z0-9 _-]/g, '')
          .replace(/ /g, '-'),
      ),
  );
  for (const rule of rules.filter((rule) => rule.alert)) {
    const url = rule.annotations?.runbook_url ?? '';
    const anchor = /\/docs\/operations\.md#([a-z0-9_-]+)$/.exec(url)?.[1];
    if (!anchor) problems.push(`alert ${rule.alert}: runbook_url must point at a section of docs/operations.md (got "${url}")`);
    else if (!anchors.has(anchor)) problems.push(`alert ${rule.alert}: runbook_url #${anchor} is no heading in docs/operations.md`);
  }
}

function sources(folder) {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter(
      (entry) =>
        entry.isFile() &&
        entry.name.endsWith('.ts') &&
        !entry.name.endsWith('.d.ts') &&
        !entry.parentPath.includes('node_modules') &&
        !entry.parentPath.includes(`${path.sep}dist`),
    )
    .map((entry) => readFileSync(path.join(entry.parentPath, entry.name), 'utf8'))
    .join('\n');
}
const code = ['packages', 'services', 'gateway/src'].map((folder) => sources(path.join(root, folder))).join('\n');
for (const name of used) {
  if (!EXTERNAL_METRICS.has(name) && !code.includes(`'${name}'`))
    problems.push(`${name} is used by the alerts or dashboard but no code defines it`);
}

if (problems.length) {
  for (const problem of problems) process.stderr.write(`[observability] ${problem}\n`);
  process.exit(1);
}
process.stdout.write(
  `[observability] Prometheus config, ${dashboards.length} dashboard(s) and the alert rules are valid; ${used.size} metrics, all defined\n`,
);
