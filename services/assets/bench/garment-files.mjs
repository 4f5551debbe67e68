#!/usr/bin/env node
// How long one design's other-garment print file takes at print size (not a test): an engine redraw
// (4500×5400, the other garment's inks, checked and nudged where needed) and an image-model-like
// original recoloured (every pixel measured, the low-contrast ones changed, a halo around them), each
// on one thread as the image pool runs them. CPU time (user+sys) beside wall time.
//   npm run build && node services/assets/bench/garment-files.mjs [runs]
import sharp from 'sharp';
import { renderVariant, SELLER_PROMPTS } from '@printloom/design-engine';
import { makeGarmentFile, rgbaOf } from '../dist/renders/print-files/garment-file.js';
import { inkContrast } from '../dist/renders/print-files/ink-contrast.js';
import { GARMENTS } from '../dist/renders/print-files/garments.js';

sharp.concurrency(1);
const runs = Number(process.argv[2] ?? 3);

async function timed(label, work) {
  const wall = [];
  const cpu = [];
  let result;
  for (let run = 0; run < runs; run++) {
    const usage = process.cpuUsage();
    const started = performance.now();
    result = await work(run);
    wall.push(performance.now() - started);
    const spent = process.cpuUsage(usage);
    cpu.push((spent.user + spent.system) / 1000);
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(`${label}: median wall ${Math.round(median(wall))} ms, CPU ${Math.round(median(cpu))} ms (${runs} runs)`);
  return result;
}

// Warm-up: fonts and emoji sets load once per process.
await renderVariant({ prompt: SELLER_PROMPTS[0], dark: false, seed: 'warm-up', scale: 0.1 }, 'A');

const originals = [];
for (let run = 0; run < runs; run++) {
  const prompt = SELLER_PROMPTS[run % SELLER_PROMPTS.length];
  const seed = `bench-${run}`;
  originals.push({ prompt, seed, png: (await renderVariant({ prompt, dark: false, seed }, 'A')).png });
}
await timed('engine redraw for a black garment (variant A, 4500×5400)', async (run) => {
  const { prompt, seed, png } = originals[run];
  const file = await makeGarmentFile(png, {
    method: 'redraw',
    brief: { prompt, seed, variant: 'A', dark: false },
    garment: 'dark',
    width: 4500,
  });
  return file;
});

// An image-model-like original: dark inks drawn for a white shirt, soft edges, on transparent.
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="4500" height="5400">
  <circle cx="2250" cy="2000" r="1500" fill="#1d3557"/><circle cx="2250" cy="2000" r="900" fill="#e63946"/>
  <rect x="700" y="3900" width="3100" height="700" rx="120" fill="#2b2d42"/></svg>`;
const imageModel = await sharp(Buffer.from(svg)).png().toBuffer();
const file = await timed('image-model recolour for a black garment (4500×5400)', () =>
  makeGarmentFile(imageModel, { method: 'recolour', garment: 'dark' }),
);
const { data } = await rgbaOf(file);
console.log(`recoloured file: ${(inkContrast(data, GARMENTS.dark).share * 100).toFixed(1)}% of ink at 3:1 on black`);
