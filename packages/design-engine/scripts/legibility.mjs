#!/usr/bin/env node
// Do the slogans read? Every text element of every variant of the typical seller prompts is set again
// flat (same face, inks, outline, shadow and wear, on a straight baseline over the garment colour or the
// badge ring) and read back with tesseract; then whole variants whose text is straight are read too.
// Needs Debian's tesseract-ocr (scripts/ensure-infra.sh installs it).
//   npm run legibility -w packages/design-engine [-- --seeds 2] [--verbose] [--flat-only]
// Last measured (2026-11-23, 23 prompts × 2 seeds, alternating black/white garments): 323/344 text
// elements = 93.9% read back exactly (one height alone: 84–86%); straight lines found in whole-variant
// OCR 126/166 = 75.9%.
import { execFile } from 'node:child_process';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { flatTextPng, planDesigns, PRINT_SIZES, readsBack, renderPlanned, SELLER_PROMPTS } from '../dist/index.js';

const { values } = parseArgs({ options: { seeds: { type: 'string', default: '2' }, verbose: { type: 'boolean', default: false }, 'flat-only': { type: 'boolean', default: false }, size: { type: 'string', default: '32,56,110' } } });
// Tesseract is fickle about text height (a clean heavy slab it misses at one size it reads at another),
// so each element is read at a few heights and counts when one of them reads back exactly; the figure
// per height is printed too.
const FLAT_FONT_SIZES = values.size.split(',').map(Number);
const WHOLE_WIDTH = 1400;

function ocr(png, pageMode) {
  return new Promise((resolve, reject) => {
    const child = execFile('tesseract', ['stdin', 'stdout', '--psm', String(pageMode), '-l', 'eng'], { encoding: 'utf8' }, (error, stdout) => (error ? reject(error) : resolve(stdout.trim())));
    child.stdin.end(png);
  });
}

/** Run `task` over `items`, two at a time (the machine has two cores). */
async function inPairs(items, task) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all([0, 1].map(async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]);
    }
  }));
  return results;
}

const started = performance.now();
const flatChecks = [];
const wholeChecks = [];
for (const [index, prompt] of SELLER_PROMPTS.entries()) {
  for (let seed = 0; seed < Number(values.seeds); seed++) {
    const dark = (index + seed) % 2 === 0;
    const jobSeed = `legible-${index}-${seed}`;
    for (const design of planDesigns({ prompt, dark, seed: jobSeed })) {
      const unit = design.canvas.width / PRINT_SIZES[design.variant].width;
      for (const element of design.textElements) {
        const distress = design.effects.distress && { amount: design.effects.distress.amount, seed: `${jobSeed}:${design.variant}:flat`, unit };
        flatChecks.push({ prompt, variant: design.variant, element, garment: design.garment, distress });
      }
      const straight = design.textElements.filter((element) => !element.curved);
      if (!values['flat-only'] && straight.length > 0 && straight.length === design.textElements.length) wholeChecks.push({ prompt, design, seed: jobSeed, straight });
    }
  }
}

const flatResults = await inPairs(flatChecks, async (check) => {
  const readings = [];
  for (const size of FLAT_FONT_SIZES) {
    const png = await flatTextPng(check.element, check.garment, { scale: size / check.element.size, distress: check.distress });
    readings.push(await ocr(png, 7));
  }
  const exact = readings.map((reading) => readsBack(check.element, reading));
  return { ...check, reading: readings.join(' / '), exact, ok: exact.some(Boolean) };
});

const wholeResults = await inPairs(wholeChecks, async ({ prompt, design, seed, straight }) => {
  const scale = WHOLE_WIDTH / design.canvas.width;
  const small = planDesigns({ prompt, dark: design.garment === '#000000', seed, scale }).find((candidate) => candidate.variant === design.variant);
  const rendered = await renderPlanned(small, seed);
  const png = await sharp(rendered.png).flatten({ background: design.garment }).png({ compressionLevel: 1 }).toBuffer();
  const reading = (await ocr(png, 11)).split(/\n+/).map((line) => line.trim()).filter(Boolean);
  const all = reading.join(' ');
  const found = straight.map((element) => readsBack(element, element.text) && reading.some((line) => readsBack(element, line) || all.toUpperCase().includes(element.text.toUpperCase())));
  return { prompt, variant: design.variant, reading: reading.join(' | '), ok: found.every(Boolean), elements: straight.length, read: found.filter(Boolean).length };
});

const percent = (part, whole) => `${((100 * part) / Math.max(1, whole)).toFixed(1)}%`;
const failures = flatResults.filter((result) => !result.ok);
for (const result of values.verbose ? flatResults : failures) {
  console.log(`${result.ok ? 'ok  ' : 'MISS'} ${result.variant} ${result.element.font.padEnd(16)} ${JSON.stringify(result.element.text)} → ${JSON.stringify(result.reading)}   (${result.prompt})`);
}
const byVariant = Object.fromEntries(['A', 'B', 'C', 'D'].map((variant) => {
  const list = flatResults.filter((result) => result.variant === variant);
  return [variant, `${list.filter((result) => result.ok).length}/${list.length}`];
}));
const byFont = {};
for (const result of flatResults) {
  const entry = (byFont[result.element.font] ??= { ok: 0, all: 0 });
  entry.all++;
  if (result.ok) entry.ok++;
}
console.log(`\ntext elements read back exactly (flat): ${flatResults.length - failures.length}/${flatResults.length} = ${percent(flatResults.length - failures.length, flatResults.length)}`);
console.log(`  per text height alone: ${FLAT_FONT_SIZES.map((size, index) => `${size}px ${percent(flatResults.filter((result) => result.exact[index]).length, flatResults.length)}`).join(', ')}`);
console.log(`  per variant: ${Object.entries(byVariant).map(([variant, figure]) => `${variant} ${figure}`).join(', ')}`);
console.log(`  per face: ${Object.entries(byFont).map(([font, { ok, all }]) => `${font} ${ok}/${all}`).join(', ')}`);
if (wholeResults.length > 0) {
  const wholeRead = wholeResults.reduce((sum, result) => sum + result.read, 0);
  const wholeAll = wholeResults.reduce((sum, result) => sum + result.elements, 0);
  console.log(`straight lines found in whole-variant OCR: ${wholeRead}/${wholeAll} = ${percent(wholeRead, wholeAll)} (${wholeResults.filter((result) => result.ok).length}/${wholeResults.length} variants fully read)`);
  if (values.verbose) for (const result of wholeResults) console.log(`  ${result.ok ? 'ok  ' : 'MISS'} ${result.variant} ${result.prompt} → ${result.reading}`);
}
console.log(`took ${((performance.now() - started) / 1000).toFixed(0)} s`);
