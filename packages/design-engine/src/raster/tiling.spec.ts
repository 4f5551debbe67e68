import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { planDesigns, renderPlanned } from '../render.js';
import { seededRandom } from '../random.js';
import { dieCut, distress, rasterise, type RgbaImage } from './effects.js';
import { PixelPool } from './pixel-pool.js';

// The banded, in-place passes must draw exactly what drawing the whole canvas at once draws.
const svg = (width: number, height: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs></defs>` +
  `<g opacity="0.8"><circle cx="${width / 2}" cy="${height / 2}" r="${width / 3}" fill="#c33"/></g>` +
  `<text x="20" y="${height - 40}" font-size="90" fill="#123">Worn</text><rect x="10" y="10" width="${width / 2}" height="${height / 3}" fill="#2a6" opacity="0.6"/></svg>`;

const whole = async (source: string): Promise<RgbaImage> => {
  const { data, info } = await sharp(Buffer.from(source)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

describe('raster passes in bands', () => {
  it('draws an SVG band by band into a buffer with the same pixels as drawing it whole', async () => {
    const source = svg(400, 2600);
    const into = { data: Buffer.alloc(400 * 2600 * 4), width: 400, height: 2600 };
    await rasterise(source, into);
    expect(into.data.equals((await whole(source)).data)).toBe(true);
  });

  it('draws only the rows asked for, clears the others, and draws those rows as the whole draws them', async () => {
    const source = svg(400, 2600);
    const drawnWhole = await whole(source);
    const into = { data: Buffer.alloc(400 * 2600 * 4, 0xff), width: 400, height: 2600 };
    await rasterise(source, into, { top: 0, height: 2600 });
    expect(into.data.equals(drawnWhole.data)).toBe(true);
    await rasterise(source, into, { top: 100, height: 1200 });
    const stride = 400 * 4;
    expect(into.data.subarray(100 * stride, 1300 * stride).equals(drawnWhole.data.subarray(100 * stride, 1300 * stride))).toBe(true);
    expect(into.data.subarray(0, 100 * stride).every((byte) => byte === 0)).toBe(true);
    expect(into.data.subarray(1300 * stride).every((byte) => byte === 0)).toBe(true);
  });

  it('renders a job through the pool with the same pixels as without it', async () => {
    const pool = new PixelPool(1);
    for (const design of planDesigns({ prompt: "'Gym Rat' distressed sticker", dark: false, seed: 'tiles', scale: 0.25 })) {
      const [plain, pooled] = await Promise.all([renderPlanned(design, 'tiles'), renderPlanned(design, 'tiles', { pool })]);
      const [a, b] = await Promise.all([sharp(plain.png).raw().toBuffer(), sharp(pooled.png).raw().toBuffer()]);
      expect(b.equals(a)).toBe(true);
    }
  });

  it('wears and die-cuts in place, band by band, the same on every run', async () => {
    const image = await whole(svg(300, 1300));
    const copy = { ...image, data: Buffer.from(image.data) };
    const worn = await distress(copy, 0.6, seededRandom('wear'));
    expect(worn.data).toBe(copy.data);
    expect(worn.data.equals((await distress({ ...image, data: Buffer.from(image.data) }, 0.6, seededRandom('wear'))).data)).toBe(true);
    expect(worn.data.equals(image.data)).toBe(false);
    const cut = await dieCut({ ...image, data: Buffer.from(image.data) }, 24);
    const again = await dieCut({ ...image, data: Buffer.from(image.data) }, 24);
    expect(cut.data.equals(again.data)).toBe(true);
    expect(cut.data.equals(image.data)).toBe(false);
  });
});
