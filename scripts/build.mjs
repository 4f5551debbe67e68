#!/usr/bin/env node
// `npm run build` (`make build`): the back end's one incremental `tsc -b` (then the assets service's
// mockup templates copied into its build) and the SPA's build (its own type-check, then Vite) side by
// side: the SPA reads @printloom/contracts from its sources, so neither waits for the other, and each
// type-check uses one core (fresh clone, 2 cores: tsc -b 31 s, the SPA 18 s, one after the other).
// Exits non-zero when either fails; their output goes straight through.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.once('error', () => resolve(false));
    child.once('close', (code) => resolve(code === 0));
  });
}

const backEnd = async () =>
  (await run('npx', ['tsc', '-b'])) && (await run('npm', ['run', 'mockup-templates', '--silent', '-w', 'services/assets']));
const spa = () => run('npm', ['run', 'build', '--silent', '-w', 'frontend']);

const results = await Promise.all([backEnd(), spa()]);
process.exit(results.every(Boolean) ? 0 : 1);
