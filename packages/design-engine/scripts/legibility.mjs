#!/usr/bin/env node
// Do the slogans read? Every text element of every variant of the typical seller prompts is set again
// flat (same face, inks, outline, shadow and wear, on a straight baseline over the garment colour or the
// badge ring) and read back with tesseract (defaults, --psm 7) once, at one height; then whole variants
// whose text is straight are read too. Needs Debian's tesseract-ocr (scripts/ensure-infra.sh installs it).
//   npm run legibility -w packages/design-engine [-- --seeds 2] [--verbose] [--flat-only] [--view 800] [--max-cap 40]
//
// The height (one per element, read once; no best-of-N): the element's cap height as it appears when the
// print file is viewed 800 px tall (the lightbox on a laptop screen shows the 5400 px print at about that
// height: headline capitals 100-150 px, badge ring text about 45 px, a vintage footer about 20 px), but no
// more than 40 px. Small text is judged as small as a viewer sees it; the 40 px ceiling (~28 px x-height,
// above the ~20 px tesseract's documentation names as its floor) keeps OCR in its comfortable range on big
// headlines, where it drops lines a person reads plainly. The wear is made at print resolution and scaled
// down, as a screen shows the print file.
//
// Last measured (2026-11-25, 23 prompts × 3 seeds = 276 variants, alternating black/white garments), after
// variant A dropped its offset shadow and left its lines room at the sides (at most ~11.5 in of the 15 in
// print): 489/516 text elements = 94.8% read back exactly at that one height (A 133/144, B 123/123,
// C 101/105, D 132/144); straight lines found in whole-variant OCR: 229/249 = 92.0% (113/129 variants
// fully read). Before (2026-11-23): 486/516 = 94.2% and 213/249 = 85.5%. Without the ceiling (pure view
// size, `--max-cap 9999`, 2026-11-23): 480/516 = 93.0%. The assets service reads each stored design's
// text the same way for its quality verdict (`readingSetting`).
import { execFile } from 'node:child_process';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { flatTextPng, planDesigns, READING_VIEW, readingSetting, readsBack, renderPlanned, SELLER_PROMPTS } from '../dist/index.js';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '3' },
    verbose: { type: 'boolean', default: false },
    'flat-only': { type: 'boolean', default: false },
    view: { type: 'string', default: String(READING_VIEW.viewHeight) },
    'max-cap': { type: 'string', default: String(READING_VIEW.maxCap) },
  },
});
const VIEW_HEIGHT = Number(values.view);
const MAX_CAP = Number(values['max-cap']);
const WHOLE_WIDTH = 1400;

function ocr(png, pageMode) {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'tesseract',
      ['stdin', 'stdout', '--psm', String(pageMode), '-l', 'eng'],
      { encoding: 'utf8' },
      (error, stdout) => (error ? reject(error) : resolve(stdout.trim())),
    );
    child.stdin.end(png);
  });
}

/** Run `task` over `items`, two at a time (the machine has two cores). */
async function inPairs(items, task) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    [0, 1].map(async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await task(items[index]);
      }
    }),
  );
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
      for (const element of design.textElements) {
        const { cap, scale, distress } = readingSetting(design, element, jobSeed, { viewHeight: VIEW_HEIGHT, maxCap: MAX_CAP });
        flatChecks.push({ prompt, variant: design.variant, element, garment: design.garment, distress, cap, scale });
      }
      const straight = design.textElements.filter((element) => !element.curved);
      if (!values['flat-only'] && straight.length > 0 && straight.length === design.textElements.length)
        wholeChecks.push({ prompt, design, seed: jobSeed, straight });
    }
  }
}

const flatResults = await inPairs(flatChecks, async (check) => {
  const png = await flatTextPng(check.element, check.garment, { scale: check.scale, distress: check.distress });
  const reading = await ocr(png, 7);
  return { ...check, reading, ok: readsBack(check.element, reading) };
});

const wholeResults = await inPairs(wholeChecks, async ({ prompt, design, seed, straight }) => {
  const scale = WHOLE_WIDTH / design.canvas.width;
  const small = planDesigns({ prompt, dark: design.garment === '#000000', seed, scale }).find(
    (candidate) => candidate.variant === design.variant,
  );
  const rendered = await renderPlanned(small, seed);
  const png = await sharp(rendered.png).flatten({ background: design.garment }).png({ compressionLevel: 1 }).toBuffer();
  const reading = (await ocr(png, 11))
    .split(/\n+/)
    .map((line) => line.trim())
    .filter(Boolean);
  const all = reading.join(' ');
  const found = straight.map(
    (element) =>
      readsBack(element, element.text) &&
      reading.some((line) => readsBack(element, line) || all.toUpperCase().includes(element.text.toUpperCase())),
  );
  return {
    prompt,
    variant: design.variant,
    reading: reading.join(' | '),
    ok: found.every(Boolean),
    elements: straight.length,
    read: found.filter(Boolean).length,
  };
});

const percent = (part, whole) => `${((100 * part) / Math.max(1, whole)).toFixed(1)}%`;
const failures = flatResults.filter((result) => !result.ok);
for (const result of values.verbose ? flatResults : failures) {
  console.log(
    `${result.ok ? 'ok  ' : 'MISS'} ${result.variant} ${result.element.font.padEnd(16)} cap ${result.cap.toFixed(0).padStart(2)} px ${JSON.stringify(result.element.text)} → ${JSON.stringify(result.reading)}   (${result.prompt})`,
  );
}
const byVariant = Object.fromEntries(
  ['A', 'B', 'C', 'D'].map((variant) => {
    const list = flatResults.filter((result) => result.variant === variant);
    return [variant, `${list.filter((result) => result.ok).length}/${list.length}`];
  }),
);
const byFont = {};
for (const result of flatResults) {
  const entry = (byFont[result.element.font] ??= { ok: 0, all: 0 });
  entry.all++;
  if (result.ok) entry.ok++;
}
console.log(
  `\ntext elements read back exactly (flat, one height: cap height viewed ${VIEW_HEIGHT} px tall, at most ${MAX_CAP} px): ${flatResults.length - failures.length}/${flatResults.length} = ${percent(flatResults.length - failures.length, flatResults.length)}`,
);
console.log(
  `  per variant: ${Object.entries(byVariant)
    .map(([variant, figure]) => `${variant} ${figure}`)
    .join(', ')}`,
);
console.log(
  `  per face: ${Object.entries(byFont)
    .map(([font, { ok, all }]) => `${font} ${ok}/${all}`)
    .join(', ')}`,
);
if (wholeResults.length > 0) {
  const wholeRead = wholeResults.reduce((sum, result) => sum + result.read, 0);
  const wholeAll = wholeResults.reduce((sum, result) => sum + result.elements, 0);
  console.log(
    `straight lines found in whole-variant OCR: ${wholeRead}/${wholeAll} = ${percent(wholeRead, wholeAll)} (${wholeResults.filter((result) => result.ok).length}/${wholeResults.length} variants fully read)`,
  );
  if (values.verbose)
    for (const result of wholeResults)
      console.log(`  ${result.ok ? 'ok  ' : 'MISS'} ${result.variant} ${result.prompt} → ${result.reading}`);
}
console.log(`took ${((performance.now() - started) / 1000).toFixed(0)} s`);
