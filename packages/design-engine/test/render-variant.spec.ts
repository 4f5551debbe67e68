import { describe, expect, it } from '@jest/globals';
import { garmentOf, planDesigns, renderDesigns, renderVariant } from '../src/index.js';

const PROMPT = "'Dog Mom' with a cute puppy, kawaii style";

describe('one variant for a garment', () => {
  it('draws the same file renderDesigns does, and naming the garment already drawn for changes nothing', async () => {
    const request = { prompt: PROMPT, dark: true, seed: 'variant-seed', scale: 0.05 };
    const all = await renderDesigns(request);
    for (const design of all) {
      const alone = await renderVariant(request, design.variant);
      expect(alone.png.equals(design.png)).toBe(true);
      const named = await renderVariant({ ...request, garment: garmentOf(request, design.variant) }, design.variant);
      expect(named.png.equals(design.png)).toBe(true);
    }
  });

  it('draws the other garment with the same layout and its own inks, the sticker too', () => {
    const request = { prompt: PROMPT, dark: false, seed: 'variant-seed', scale: 0.05 };
    expect(garmentOf(request, 'C')).toBe('light');
    expect(garmentOf({ ...request, prompt: `${PROMPT}, for a black shirt` }, 'A')).toBe('dark');
    const light = planDesigns(request);
    const dark = planDesigns({ ...request, garment: 'dark' });
    for (const [index, design] of light.entries()) {
      expect(dark[index]!.garment).not.toBe(design.garment);
      expect(dark[index]!.drawing.boxes.length).toBe(design.drawing.boxes.length);
      expect(dark[index]!.textElements.map((element) => [element.text, element.font])).toEqual(
        design.textElements.map((element) => [element.text, element.font]),
      );
    }
  });
});
