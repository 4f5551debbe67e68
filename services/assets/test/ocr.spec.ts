import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { flatTextPng, planDesigns, readingSetting, SELLER_PROMPTS } from '@printloom/design-engine';
import { tesseract } from '../src/renders/quality/ocr.js';

const seed = '7b0f9a8e-1111-4111-8111-111111111111';

describe('tesseract.lines (real tesseract)', () => {
  it('reads several lines in one run exactly as one run per line does, blank lines included', async () => {
    const prompt = SELLER_PROMPTS[10]!;
    const flats: Buffer[] = [];
    for (const design of planDesigns({ prompt, dark: false, seed }).filter((planned) => planned.variant !== 'A'))
      for (const element of design.textElements)
        flats.push(await flatTextPng(element, design.garment, readingSetting(design, element, seed)));
    const blank = await sharp({ create: { width: 400, height: 80, channels: 3, background: '#FFFFFF' } })
      .png()
      .toBuffer();
    const pngs = [flats[0]!, blank, ...flats.slice(1)];
    const alone: string[] = [];
    for (const png of pngs) alone.push(await tesseract(png, 'line'));
    expect(alone.filter((reading) => reading.length > 0).length).toBeGreaterThanOrEqual(flats.length - 1);
    await expect(tesseract.lines!(pngs)).resolves.toEqual(alone);
  }, 60_000);
});
