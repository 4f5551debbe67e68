import { execFileSync } from 'node:child_process';
import { describe, expect, it, jest } from '@jest/globals';
import sharp from 'sharp';
import { planDesigns } from '../render.js';
import { capHeight } from '../typography/text-shapes.js';
import { flatText, flatTextPng, readsBack } from './flat-text.js';

jest.setTimeout(60_000);

const element = {
  text: 'Space Meow',
  font: 'anton' as const,
  size: 600,
  fill: '#FFD166',
  outline: { colour: '#000000', width: 40 },
  shadow: { colour: '#EF476F', dx: 30, dy: 30, outline: 40 },
  curved: false,
};

describe('setting a text element flat for OCR', () => {
  it('keeps the face, inks, outline and shadow, scaled, over the garment or its own backdrop', () => {
    const flat = flatText(element, '#000000', 0.25);
    expect(flat.backdrop).toBe('#000000');
    expect(flat.ink).toContain('fill="#FFD166"');
    expect(flat.ink).toContain('stroke="#000000" stroke-width="10.0"');
    expect(flat.ink).toContain('fill="#EF476F"');
    expect(flat.ink).toContain('translate(7.5 7.5)');
    expect(flatText({ ...element, backdrop: '#2B1B3D' }, '#000000').backdrop).toBe('#2B1B3D');
    expect(flatText(element, '#000000', 0.5).width).toBeGreaterThan(flatText(element, '#000000', 0.25).width * 1.8);
  });

  it('reads back exactly, except letter case in faces that draw only capitals', () => {
    expect(readsBack({ text: "Don't Worry", font: 'anton' }, 'Don’t  Worry\n')).toBe(true);
    expect(readsBack({ text: 'Space Meow', font: 'anton' }, 'SPACE MEOW')).toBe(false);
    expect(readsBack({ text: 'Space Meow', font: 'bebas-neue' }, 'SPACE MEOW')).toBe(true);
    expect(readsBack({ text: 'Game On', font: 'bebas-neue' }, 'GAME ON)')).toBe(false);
  });

  it('shows the worn texture when the variant is distressed', async () => {
    const clean = await sharp(await flatTextPng(element, '#000000', { scale: 0.2 })).stats();
    const worn = await sharp(
      await flatTextPng(element, '#000000', { scale: 0.2, distress: { amount: 0.7, seed: 'wear', unit: 1 } }),
    ).stats();
    // Holes in the light ink show the black garment: the picture gets darker.
    expect(worn.channels[0]!.mean).toBeLessThan(clean.channels[0]!.mean);
  });

  it('reads every text element of a typical design back with tesseract, at one height', async () => {
    const misses: string[] = [];
    for (const design of planDesigns({ prompt: "a cat astronaut, 'Space Meow' in retro letters", dark: true, seed: 'ocr-test' })) {
      for (const text of design.textElements) {
        // Capitals 40 px tall, the ceiling scripts/legibility.mjs reads every element at.
        const png = await flatTextPng(text, design.garment, {
          scale: 40 / (capHeight(text.font) * text.size),
          distress: design.effects.distress && { ...design.effects.distress, seed: 'ocr', unit: 1 },
        });
        const reading = execFileSync('tesseract', ['stdin', 'stdout', '--psm', '7'], {
          input: png,
          stdio: ['pipe', 'pipe', 'ignore'],
        }).toString();
        if (!readsBack(text, reading)) misses.push(`${design.variant} ${text.text} → ${reading.trim()}`);
      }
    }
    expect(misses).toEqual([]);
  });
});
