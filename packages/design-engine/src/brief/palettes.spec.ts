import { describe, expect, it } from '@jest/globals';
import { planDesigns } from '../render.js';
import { SELLER_PROMPTS } from '../seller-prompts.js';
import { contrast, GARMENT, MIN_TEXT_CONTRAST } from './palettes.js';

describe('the garment colour picks inks that print on it', () => {
  it('reads the form\u2019s Background choice from the words the spec appends, black by default', () => {
    const onWhite = planDesigns({ prompt: "'Dog Mom' with a cute puppy, on white background", dark: true, seed: 'garment' });
    expect(onWhite.map((design) => design.garment)).toEqual([GARMENT.light, GARMENT.light, GARMENT.light, GARMENT.light]);
    const byDefault = planDesigns({ prompt: "'Dog Mom' with a cute puppy", dark: true, seed: 'garment' });
    // The sticker sits on its white backing whatever the garment.
    expect(byDefault.map((design) => design.garment)).toEqual([GARMENT.dark, GARMENT.dark, GARMENT.light, GARMENT.dark]);
  });

  it('keeps every slogan ink at 3:1 or more against what it sits on, on black and on white', () => {
    for (const [index, prompt] of SELLER_PROMPTS.entries()) {
      for (const background of ['', ', on white background']) {
        for (const design of planDesigns({ prompt: prompt + background, dark: true, seed: `ink-${index}` })) {
          for (const text of design.textElements) {
            const surface = text.backdrop ?? design.garment;
            expect([prompt, design.variant, text.text, contrast(text.fill, surface) >= MIN_TEXT_CONTRAST]).toEqual([
              prompt,
              design.variant,
              text.text,
              true,
            ]);
          }
        }
      }
    }
  });

  it('measures contrast the WCAG way', () => {
    expect(contrast('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#777777')).toBeCloseTo(1, 5);
  });
});
