#!/usr/bin/env node
// How long the engine takes to render the 4 variants of a job at print size, over the typical seller
// prompts (one warm-up job first: fonts and emoji sets load once per process).
//   npm run bench -w packages/design-engine [-- --jobs 8]
import { parseArgs } from 'node:util';
import { renderDesigns } from '../dist/index.js';
import { SELLER_PROMPTS } from '../scripts/seller-prompts.mjs';

const { values } = parseArgs({ options: { jobs: { type: 'string', default: '8' } } });
const jobs = Number(values.jobs);
await renderDesigns({ prompt: SELLER_PROMPTS[0], dark: false, seed: 'warm-up' });
const times = [];
const sizes = { A: [], B: [], C: [], D: [] };
for (let job = 0; job < jobs; job++) {
  const prompt = SELLER_PROMPTS[job % SELLER_PROMPTS.length];
  const started = performance.now();
  const designs = await renderDesigns({ prompt, dark: job % 2 === 1, seed: `bench-${job}` });
  times.push(performance.now() - started);
  for (const design of designs) sizes[design.variant].push(design.png.length);
}
times.sort((a, b) => a - b);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`jobs: ${jobs} (4 variants each, print size)`);
console.log(`per job: median ${Math.round(median(times))} ms, min ${Math.round(times[0])} ms, max ${Math.round(times.at(-1))} ms`);
for (const [variant, list] of Object.entries(sizes))
  console.log(`PNG ${variant}: median ${(median(list) / 1024).toFixed(0)} KB, max ${(Math.max(...list) / 1024).toFixed(0)} KB`);
console.log(`peak RSS: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
