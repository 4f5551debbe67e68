import { describe, expect, it } from '@jest/globals';
import { drawnRows, planDesigns } from '../src/render.js';
import { rasterise } from '../src/raster/effects.js';
import { opaqueBounds } from '../src/raster/print-file.js';
import { SELLER_PROMPTS } from '../src/seller-prompts.js';

// Only the rows the artwork's boxes cover are drawn at print size: every seller prompt's ink must lie inside them.
describe('the rows drawn for a design', () => {
  it("hold every seller prompt's artwork, in every variant", async () => {
    for (const [index, prompt] of SELLER_PROMPTS.entries()) {
      for (const design of planDesigns({ prompt, dark: index % 2 === 1, seed: `rows-${index}`, scale: 0.1 })) {
        const rows = drawnRows(design)!;
        const ink = opaqueBounds(await rasterise(design.svg))!;
        expect(ink.top).toBeGreaterThanOrEqual(rows.top);
        expect(ink.top + ink.height).toBeLessThanOrEqual(rows.top + rows.height);
      }
    }
  });
});
