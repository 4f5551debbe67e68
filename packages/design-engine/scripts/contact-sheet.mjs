#!/usr/bin/env node
// Renders the 4 variants of every typical seller prompt at print size and lays them out on one
// contact sheet per garment colour, to look at before shipping a change to the engine:
//   npm run contact-sheet -w packages/design-engine [-- --out <dir>] [--scale 0.5]
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { renderDesigns } from '../dist/index.js';
import { SELLER_PROMPTS } from './seller-prompts.mjs';

const { values } = parseArgs({
  options: { out: { type: 'string', default: '.data/contact-sheets' }, scale: { type: 'string', default: '1' } },
});
const outDir = path.resolve(values.out);
mkdirSync(outDir, { recursive: true });
const tile = { width: 300, height: 360 };
const label = 34;

async function sheetFor(dark) {
  const rows = [];
  for (const [index, prompt] of SELLER_PROMPTS.entries()) {
    const started = performance.now();
    const designs = await renderDesigns({ prompt, dark, seed: `sheet-${index}`, scale: Number(values.scale) });
    process.stdout.write(`${dark ? 'dark ' : 'light'} ${String(Math.round(performance.now() - started)).padStart(5)} ms  ${prompt}\n`);
    rows.push({
      prompt,
      tiles: await Promise.all(
        designs.map((design) =>
          sharp(design.png)
            .resize(tile.width, tile.height, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
            .png()
            .toBuffer(),
        ),
      ),
    });
  }
  const width = 4 * (tile.width + 10) + 10;
  const height = rows.length * (tile.height + label + 10) + 10;
  const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const captions = rows
    .map(
      (row, index) =>
        `<text x="10" y="${10 + index * (tile.height + label + 10) + 24}" font-family="DejaVu Sans, sans-serif" font-size="20" fill="${dark ? '#ddd' : '#222'}">${escape(row.prompt)}</text>`,
    )
    .join('');
  const overlays = rows.flatMap((row, index) =>
    row.tiles.map((input, column) => ({
      input,
      left: 10 + column * (tile.width + 10),
      top: 10 + index * (tile.height + label + 10) + label,
    })),
  );
  overlays.push({
    input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${captions}</svg>`),
    left: 0,
    top: 0,
  });
  const file = path.join(outDir, `contact-sheet-${dark ? 'dark' : 'light'}.png`);
  await sharp({ create: { width, height, channels: 4, background: dark ? '#151515' : '#e9e6df' } })
    .composite(overlays)
    .png()
    .toFile(file);
  console.log(`wrote ${file}`);
}

await sheetFor(false);
await sheetFor(true);
