#!/usr/bin/env node
// The landing page's initial JavaScript, gzipped: the entry chunk, the Landing route chunk and every
// chunk they import statically (what the browser must fetch before the page works). Fails above the
// budget of issue 8. Run after `vite build` (the build writes dist/.vite/manifest.json).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 150 * 1024;
const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

function staticClosure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    staticClosure(manifest[key].imports ?? [], seen);
  }
  return seen;
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const landing = Object.keys(manifest).find((key) => key.endsWith('app/routes/Landing.tsx'));
if (!entry || !landing) throw new Error('manifest lacks the entry or the Landing route');
const chunks = [...staticClosure([entry, landing])];
const sizes = chunks.map((key) => ({
  file: manifest[key].file,
  gzip: gzipSync(readFileSync(path.join(dist, manifest[key].file)), { level: 9 }).length,
}));
const total = sizes.reduce((sum, chunk) => sum + chunk.gzip, 0);
for (const chunk of sizes) console.log(`  ${chunk.file.padEnd(44)} ${(chunk.gzip / 1024).toFixed(1)} KB gzip`);
console.log(`Landing initial JS: ${(total / 1024).toFixed(1)} KB gzip (budget ${BUDGET_BYTES / 1024} KB)`);
process.exit(total <= BUDGET_BYTES ? 0 : 1);
