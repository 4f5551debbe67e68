import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { planDesigns, renderVariant } from '@printloom/design-engine';
import { measureQuality, type QualityPlan } from '../src/renders/quality/measure-quality.js';
import { tesseract } from '../src/renders/quality/ocr.js';

// Real OCR (Debian's tesseract, as in the assets image) on known good and known bad prints.
const prompt = "fishing dad with a fish, 'Reel Cool Dad' retro sunset";
const seed = '7b0f9a8e-1111-4111-8111-111111111111';
const plan = (overrides: Partial<QualityPlan>): QualityPlan => ({
  prompt,
  brief: null,
  garment: 'light',
  transparent: true,
  backgroundKept: false,
  ...overrides,
});
const byName = (checks: Array<{ name: string; ok: boolean }>) => Object.fromEntries(checks.map((check) => [check.name, check.ok]));

describe('the quality verdict of a stored design (real tesseract)', () => {
  it('passes a good engine design: every text line read back flat, inks, margin and background', async () => {
    const design = await renderVariant({ prompt, dark: false, seed, scale: 0.5 }, 'A');
    const quality = await measureQuality(design.png, plan({ brief: { prompt, seed, variant: 'A', dark: false } }), tesseract);
    expect(quality.checks.map((check) => check.name)).toEqual(['legibility', 'contrast', 'margin', 'transparency']);
    expect(quality.checks[0]).toEqual({ name: 'legibility', ok: true, detail: 'All 2 text lines read back' });
    expect(quality.ok).toBe(true);
    // Drawn by an image model (no layout known): the slogan is found reading the whole design.
    const sticker = await renderVariant({ prompt, dark: false, seed, scale: 0.5 }, 'C');
    const asPicture = await measureQuality(sticker.png, plan({}), tesseract);
    expect(asPicture.checks[0]).toEqual({ name: 'legibility', ok: true, detail: 'The text reads back' });
  }, 60_000);

  it('fails a bad print on every count, saying why', async () => {
    // Pale scribbles on an opaque white background that reaches the edges; the slogan is nowhere.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="720">
      <rect width="600" height="720" fill="#FFFFFF"/>
      <circle cx="300" cy="360" r="200" fill="#F4F1EA"/><rect x="0" y="600" width="600" height="120" fill="#FAFAF5"/></svg>`;
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    const quality = await measureQuality(png, plan({}), tesseract);
    expect(quality.ok).toBe(false);
    expect(byName(quality.checks)).toEqual({ legibility: false, contrast: false, margin: false, transparency: false });
    expect(quality.checks[0]!.detail).toBe('Not found reading the design: “Reel Cool Dad”');
    expect(quality.checks[1]!.detail).toMatch(/^Only \d+% of the ink stands out on a white garment$/);
  }, 60_000);

  it('fails engine text that does not read back, naming the line (a slogan drawn too faint to OCR)', async () => {
    const design = await renderVariant({ prompt, dark: false, seed, scale: 0.5 }, 'A');
    // A reader that sees nothing stands for a print whose letters are lost: the check must say which.
    const quality = await measureQuality(design.png, plan({ brief: { prompt, seed, variant: 'A', dark: false } }), async () => '');
    const lines = planDesigns({ prompt, dark: false, seed }).find((planned) => planned.variant === 'A')!.textElements;
    expect(lines.map((line) => line.text).join(' ')).toBe('Reel Cool Dad');
    expect(quality.checks[0]).toEqual({
      name: 'legibility',
      ok: false,
      detail: lines.map((line) => `“${line.text}” does not read`).join('; '),
    });
  }, 60_000);
});
