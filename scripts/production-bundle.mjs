#!/usr/bin/env node
// What one app needs at run time, and nothing else: its `dist`, the `dist` of the workspace packages it
// imports and the production dependency closure resolved from the installed node_modules (the same
// files `npm install --omit=dev` for that workspace would keep), minus what no process reads (source
// maps, type declarations, READMEs). The container build copies this tree into each app's image; with
// `--sizes` it prints each app's production node_modules size (the image-size proxy).
//
//   node scripts/production-bundle.mjs --sizes                      sizes of every backend app
//   node scripts/production-bundle.mjs --verify                     each app's tree alone loads its code
//   node scripts/production-bundle.mjs <dest> <app> [<app>...]      copy the runtime tree into <dest>
import { spawn } from 'node:child_process';
import os from 'node:os';
import { cpSync, existsSync, linkSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BACKEND_APPS = [
  'gateway',
  'services/auth',
  'services/billing',
  'services/notifications',
  'services/assets',
  'services/generation',
  'services/listings',
  'services/publishing',
];

const DROPPED_FILE = /(\.map|\.d\.[cm]?ts|\.tsbuildinfo)$|^(readme|changelog|history)(\.\w+)?$/i;
const DROPPED_DIR = new Set(['__tests__', '.github', 'node_modules']);

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** Node's lookup: <from>/node_modules/<name>, then each parent folder's, up to the repository root. */
function resolvePackage(name, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === root || dir === path.dirname(dir)) return null;
  }
}

/** Package folders (relative to the root) an app needs at run time; workspaces map to their `dist`. */
export function runtimeClosure(apps) {
  const packages = new Set();
  const workspaces = new Set(apps);
  const visit = (dir, manifest) => {
    const required = Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies });
    const peers = Object.keys(manifest.peerDependencies ?? {}).filter((name) => !manifest.peerDependenciesMeta?.[name]?.optional);
    for (const name of [...required, ...peers]) {
      const found = resolvePackage(name, dir);
      if (!found) {
        if (name in (manifest.optionalDependencies ?? {}) || peers.includes(name)) continue; // another platform's binary
        throw new Error(`${path.relative(root, dir) || '.'} needs ${name}, which is not installed (run npm install)`);
      }
      const real = realpathSync(found);
      if (!real.includes(`${path.sep}node_modules${path.sep}`)) {
        const workspace = path.relative(root, real);
        if (!workspaces.has(workspace)) {
          workspaces.add(workspace);
          visit(real, readJson(path.join(real, 'package.json')));
        }
        packages.add(path.relative(root, found)); // the node_modules/@printloom/x link
        continue;
      }
      const relative = path.relative(root, found);
      if (packages.has(relative)) continue;
      packages.add(relative);
      visit(found, readJson(path.join(found, 'package.json')));
    }
  };
  for (const app of apps) visit(path.join(root, app), readJson(path.join(root, app, 'package.json')));
  return { packages: [...packages].sort(), workspaces: [...workspaces].sort() };
}

function walk(dir, onFile) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!DROPPED_DIR.has(entry.name)) walk(full, onFile);
    } else if (!DROPPED_FILE.test(entry.name)) {
      onFile(full);
    }
  }
}

/** Files of the runtime tree, relative to the root. */
export function runtimeFiles(apps) {
  const { packages, workspaces } = runtimeClosure(apps);
  const files = [];
  for (const relative of packages) {
    const full = path.join(root, relative);
    if (lstatSync(full).isSymbolicLink()) files.push(relative);
    else walk(full, (file) => files.push(path.relative(root, file)));
  }
  for (const workspace of workspaces) {
    files.push(path.join(workspace, 'package.json'));
    const dist = path.join(root, workspace, 'dist');
    if (!existsSync(dist)) throw new Error(`${workspace}/dist is missing: build it first`);
    walk(dist, (file) => files.push(path.relative(root, file)));
  }
  files.push('package.json');
  return files;
}

function copyTree(dest, apps, { link = false } = {}) {
  for (const file of runtimeFiles(apps)) {
    const source = path.join(root, file);
    const target = path.join(dest, file);
    mkdirSync(path.dirname(target), { recursive: true });
    if (link && !lstatSync(source).isSymbolicLink()) {
      try {
        linkSync(source, target);
        continue;
      } catch {
        // another file system: copy
      }
    }
    cpSync(source, target, { verbatimSymlinks: true });
  }
}

function sizeOf(files) {
  return files.reduce((sum, file) => {
    const stats = lstatSync(path.join(root, file));
    return sum + (stats.isSymbolicLink() ? 0 : stats.size);
  }, 0);
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [first, ...rest] = process.argv.slice(2);
  if (first === '--sizes') {
    const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
    const all = [];
    walk(path.join(root, 'node_modules'), (file) => all.push(path.relative(root, file)));
    process.stdout.write(`whole workspace node_modules (dev included): ${mb(sizeOf(all))}\n`);
    for (const app of BACKEND_APPS) {
      const files = runtimeFiles([app]);
      const modules = files.filter((file) => file.startsWith('node_modules'));
      process.stdout.write(
        `${app.padEnd(24)} node_modules ${mb(sizeOf(modules)).padStart(9)}  (${runtimeClosure([app]).packages.length} packages), own code ${mb(sizeOf(files) - sizeOf(modules))}\n`,
      );
    }
  } else if (first === '--verify') {
    // What the image gets must be enough: each app's tree alone, outside the repository (whose
    // node_modules must not be found by walking up), hard-linked when /tmp shares the file system.
    const trees = BACKEND_APPS.map((app) => {
      const dest = mkdtempSync(path.join(os.tmpdir(), 'pl-bundle-'));
      copyTree(dest, [app], { link: true });
      return { app, dest };
    });
    const results = await Promise.all(
      trees.map(
        ({ app, dest }) =>
          new Promise((resolve) => {
            const child = spawn(process.execPath, ['--input-type=module', '-e', `await import('./${app}/dist/start.js')`], {
              cwd: dest,
              stdio: ['ignore', 'ignore', 'pipe'],
            });
            let stderr = '';
            child.stderr.on('data', (chunk) => (stderr += chunk));
            child.once('exit', (code) => resolve({ app, ok: code === 0, stderr }));
          }),
      ),
    );
    for (const { dest } of trees) rmSync(dest, { recursive: true, force: true });
    const failed = results.filter((result) => !result.ok);
    for (const { app, stderr } of failed) process.stderr.write(`[bundle] ${app}: its runtime tree cannot load the app:\n${stderr}\n`);
    if (failed.length) process.exit(1);
    process.stdout.write(`[bundle] each of ${BACKEND_APPS.length} apps loads from its own production tree\n`);
  } else if (first && rest.length > 0) {
    copyTree(path.resolve(first), rest);
  } else {
    process.stderr.write('usage: production-bundle.mjs --sizes | <dest> <app> [<app>...]\n');
    process.exit(2);
  }
}
