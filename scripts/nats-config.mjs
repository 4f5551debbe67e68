#!/usr/bin/env node
// Writes the nats-server authorization generated from the contracts (packages/contracts/src/nats-access.ts:
// one user per app, allowed only the subjects it requests, serves, sends or hears) into the files the
// containers use: infra/nats/authorization.conf (compose) and infra/k8s/base/nats/authorization.conf
// (the nats-config ConfigMap). Passwords are not in them: nats-server reads each from its environment
// (NATS_<USER>_PASSWORD), which compose and Kubernetes fill from the operator's secrets.
// It also keeps the nats StatefulSet's printloom.io/config-checksum (infra/k8s/base/nats.yaml) equal to
// the nats-config ConfigMap's data, so that a change of either file rolls the servers.
//   node scripts/nats-config.mjs          rewrite the files (after a change to the subject registry)
//   node scripts/nats-config.mjs --check  exit 1 when a file differs from what the contracts generate
// Needs the contracts built (npm run build -w packages/contracts).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderNatsAuthorization } from '@printloom/contracts/nats-access';
import { configChecksum } from './config-checksum.mjs';

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
// The ConfigMap kustomize builds from infra/k8s/base/nats/ (configMapGenerator `nats-config`): its files by name.
const natsDir = path.join(root, 'infra/k8s/base/nats');
const checksum = configChecksum(
  Object.fromEntries(['nats.conf', 'authorization.conf'].map((name) => [name, readFileSync(path.join(natsDir, name), 'utf8')])),
);
const statefulSet = path.join(root, 'infra/k8s/base/nats.yaml');
const manifest = readFileSync(statefulSet, 'utf8');
const annotated = manifest.replace(/(printloom\.io\/config-checksum: )'[0-9a-f]*'/, `$1'${checksum}'`);
if (annotated !== manifest) {
  if (check) stale.push('infra/k8s/base/nats.yaml (printloom.io/config-checksum)');
  else {
    writeFileSync(statefulSet, annotated);
    process.stdout.write(`[nats-config] wrote the config checksum ${checksum} into infra/k8s/base/nats.yaml\n`);
  }
}
if (stale.length) {
  process.stderr.write(`[nats-config] out of date with the contracts: ${stale.join(', ')} (run node scripts/nats-config.mjs)\n`);
  process.exit(1);
}
if (check) process.stdout.write('[nats-config] the NATS authorization files match the contracts\n');
