#!/usr/bin/env node
// Where a quality verdict's CPU goes (not a test): for print-size engine designs of the seller prompts,
// the CPU of the whole verdict (this process and its tesseract children) and of its parts: decoding the
// original to raw pixels, the contrast check, the margin and transparency checks, setting the text lines
// flat, and reading them (tesseract, one run per design).
//   npm run build && node services/assets/bench/verdict-cpu.mjs [designs]
import { readFileSync } from 'node:fs';
import os from 'node:os';
import sharp from 'sharp';
import {
  flatTextPng,
  GARMENT,
  planDesigns,
  readingSetting,
  renderVariant,
  SELLER_PROMPTS,
  withoutSrgbProfile,
} from '@printloom/design-engine';
import { measureQuality } from '../dist/renders/quality/measure-quality.js';
import { tesseract } from '../dist/renders/quality/ocr.js';
import { contrastCheck, marginCheck, transparencyCheck } from '../dist/renders/quality/quality-checks.js';
import { GARMENTS } from '../dist/renders/print-files/garments.js';

const designs = Number(process.argv[2] ?? 8);
const seed = '7b0f9a8e-1111-4111-8111-111111111111';

/** CPU ms of this process and of its children it has waited for (tesseract). */
function cpuMs() {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  const children = (Number(fields[13]) + Number(fields[14])) * 10;
  const own = process.cpuUsage();
  return (own.user + own.system) / 1000 + children;
}
async function cpuOf(work) {
  const before = cpuMs();
  const result = await work();
  return [result, cpuMs() - before];
}

const parts = {
  verdict: [],
  decode: [],
  'decode converting the sRGB profile (before)': [],
  contrast: [],
  'margin+transparency': [],
  'flat text': [],
  ocr: [],
};
for (let index = 0; index < designs; index += 1) {
  const prompt = SELLER_PROMPTS[(index * 3) % SELLER_PROMPTS.length];
  const dark = index % 2 === 1;
  const variant = 'ABCD'[index % 4];
  const { png } = await renderVariant({ prompt, dark, seed }, variant);
  const design = planDesigns({ prompt, dark, seed }).find((planned) => planned.variant === variant);
  const plan = { prompt, brief: { prompt, seed, variant, dark }, garment: null, transparent: true, backgroundKept: false };
  parts.verdict.push((await cpuOf(() => measureQuality(png, plan, tesseract)))[1]);
  // As the verdict decodes (its own sRGB profile taken off), and as it decoded before 28 Nov 2026 (converted through it).
  const [{ data, info }, decode] = await cpuOf(async () =>
    sharp(await withoutSrgbProfile(png))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true }),
  );
  const image = { data, width: info.width, height: info.height };
  parts.decode.push(decode);
  parts['decode converting the sRGB profile (before)'].push(
    (await cpuOf(() => sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })))[1],
  );
  const garment = design.garment === GARMENT.dark ? 'dark' : 'light';
  parts.contrast.push(
    (await cpuOf(async () => contrastCheck(image, { name: garment, rgb: GARMENTS[garment], hex: design.garment }, design.textElements)))[1],
  );
  parts['margin+transparency'].push(
    (await cpuOf(async () => [marginCheck(image), transparencyCheck(image, { transparent: true, backgroundKept: false })]))[1],
  );
  const [flats, flat] = await cpuOf(() =>
    Promise.all(design.textElements.map((element) => flatTextPng(element, design.garment, readingSetting(design, element, seed)))),
  );
  parts['flat text'].push(flat);
  parts.ocr.push((await cpuOf(() => (flats.length > 0 ? tesseract.lines(flats) : Promise.resolve([]))))[1]);
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(
  `quality verdict CPU, ${designs} print-size engine designs (${os.availableParallelism()} cores, load ${os.loadavg()[0].toFixed(1)}), medians: ` +
    Object.entries(parts)
      .map(([part, values]) => `${part} ${median(values).toFixed(0)} ms`)
      .join(', '),
);
