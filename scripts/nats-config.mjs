#!/usr/bin/env node
// Writes the nats-server authorization generated from the contracts (packages/contracts/src/nats-access.ts:
// one user per app, allowed only the subjects it requests, serves, sends or hears) into the files the
// containers use: infra/nats/authorization.conf (compose) and infra/k8s/base/nats/authorization.conf
// (the nats-config ConfigMap). Passwords are not in them: nats-server reads each from its environment
// (NATS_<USER>_PASSWORD), which compose and Kubernetes fill from the operator's secrets.
//   node scripts/nats-config.mjs          rewrite the files (after a change to the subject registry)
//   node scripts/nats-config.mjs --check  exit 1 when a file differs from what the contracts generate
// Needs the contracts built (npm run build -w packages/contracts).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderNatsAuthorization } from '@printloom/contracts/nats-access';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const AUTHORIZATION_FILES = ['infra/nats/authorization.conf', 'infra/k8s/base/nats/authorization.conf'];

const check = process.argv.includes('--check');
const expected = renderNatsAuthorization();
const stale = [];
for (const file of AUTHORIZATION_FILES) {
  const full = path.join(root, file);
  let current = '';
  try {
    current = readFileSync(full, 'utf8');
  } catch {
    // not written yet
  }
  if (current === expected) continue;
  if (check) stale.push(file);
  else {
    writeFileSync(full, expected);
    process.stdout.write(`[nats-config] wrote ${file}\n`);
  }
}
if (stale.length) {
  process.stderr.write(`[nats-config] out of date with the contracts: ${stale.join(', ')} (run node scripts/nats-config.mjs)\n`);
  process.exit(1);
}
if (check) process.stdout.write('[nats-config] the NATS authorization files match the contracts\n');
