// Renders the mockups of six designs from the local design engine into one contact sheet PNG (a row
// per design, the 8 mockups across), to look at. Needs a build (npm run build -w services/assets).
//
// Usage: node services/assets/scripts/mockup-contact-sheet.mjs [out.png]   (default .data/mockup-contact-sheet.png)
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { renderDesigns } from '@printloom/design-engine';
import { renderMockups } from '../dist/renders/mockups/render-mockups.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const out = process.argv[2] ?? path.join(root, '.data', 'mockup-contact-sheet.png');
const PROMPTS = [
  { prompt: 'retro sunset "Stay Wild" with mountains', dark: false },
  { prompt: 'cute cat drinking coffee "But First Coffee"', dark: false },
  { prompt: '"Dog Mom" with paw prints', dark: true },
  { prompt: 'vintage fishing "Reel Cool Dad"', dark: false },
  { prompt: 'minimal line art moon and stars', dark: true },
  { prompt: '"Plant Lady" botanical leaves', dark: false },
];
const CELL = 400;
const rows = [];
for (const [index, request] of PROMPTS.entries()) {
  const [design] = await renderDesigns({ ...request, seed: `contact-${index}` });
  const set = await renderMockups({ light: design.png, dark: design.png });
  const cells = await Promise.all(set.map(({ jpeg }) => sharp(jpeg).resize(CELL, CELL).toBuffer()));
  const thumb = await sharp(design.png)
    .resize(CELL, CELL, { fit: 'contain', background: '#9a9a9a' })
    .flatten({ background: '#9a9a9a' })
    .toBuffer();
  rows.push([thumb, ...cells]);
  console.log(`${request.prompt}: ${design.width}×${design.height}`);
}
mkdirSync(path.dirname(out), { recursive: true });
await sharp({ create: { width: CELL * 9, height: CELL * rows.length, channels: 3, background: '#ffffff' } })
  .composite(rows.flatMap((cells, row) => cells.map((input, column) => ({ input, left: column * CELL, top: row * CELL }))))
  .png()
  .toFile(out);
console.log(`contact sheet: ${out}`);
