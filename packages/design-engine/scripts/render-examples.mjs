#!/usr/bin/env node
// Renders the /examples gallery (the contracts' SAMPLE_GALLERY) with the local design engine into
// frontend/public/media/examples as WebP previews (1200 px tall, transparent), shown on the public page.
//   make examples
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { SAMPLE_GALLERY } from '@printloom/contracts';
import { renderDesigns } from '../dist/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const outDir = path.join(root, 'frontend/public/media/examples');
mkdirSync(outDir, { recursive: true });
for (const sample of SAMPLE_GALLERY) {
  const designs = await renderDesigns({ prompt: sample.prompt, dark: true, seed: `examples-${sample.id}` });
  for (const image of sample.images) {
    const design = designs.find((candidate) => candidate.variant === image.variant);
    const file = path.join(root, 'frontend/public', image.src);
    await sharp(design.png).resize({ height: 720, width: 720, fit: 'inside' }).webp({ quality: 82, alphaQuality: 90 }).toFile(file);
    console.log(`wrote ${path.relative(root, file)}`);
  }
}
