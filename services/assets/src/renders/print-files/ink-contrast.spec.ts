import { describe, expect, it } from '@jest/globals';
import { contrastRatio, inkContrast, INK_ALPHA, relativeLuminance } from './ink-contrast.js';
import { GARMENTS } from './garments.js';

const pixels = (...colours: Array<[number, number, number, number]>) => Uint8Array.from(colours.flat());

describe('WCAG contrast', () => {
  it('gives the published figures: black on white 21:1, #777777 on white about 4.48:1', () => {
    expect(contrastRatio(relativeLuminance(0, 0, 0), relativeLuminance(255, 255, 255))).toBeCloseTo(21, 5);
    expect(contrastRatio(relativeLuminance(0x77, 0x77, 0x77), relativeLuminance(255, 255, 255))).toBeCloseTo(4.48, 2);
    expect(contrastRatio(relativeLuminance(0x77, 0x77, 0x77), 1)).toBeCloseTo(contrastRatio(1, relativeLuminance(0x77, 0x77, 0x77)), 10);
  });
});

describe('inkContrast', () => {
  it('counts the ink pixels (alpha above the threshold) that reach 3:1 against the garment', () => {
    const image = pixels(
      [0, 0, 0, 255], // black: reads on white
      [240, 240, 240, 255], // near-white: does not
      [0, 0, 0, INK_ALPHA], // too faint to count as ink
      [255, 255, 255, 0], // transparent
    );
    expect(inkContrast(image, GARMENTS.light)).toEqual({ inkPixels: 2, contrasting: 1, share: 0.5 });
    expect(inkContrast(image, GARMENTS.dark)).toEqual({ inkPixels: 2, contrasting: 1, share: 0.5 });
  });

  it('holds the line at exactly 3:1 and calls a file without ink readable', () => {
    // #949494 is about 3.03:1 on white, #959595 about 2.996:1.
    expect(inkContrast(pixels([0x94, 0x94, 0x94, 255]), GARMENTS.light).share).toBe(1);
    expect(inkContrast(pixels([0x95, 0x95, 0x95, 255]), GARMENTS.light).share).toBe(0);
    expect(inkContrast(pixels([9, 9, 9, 0]), GARMENTS.light)).toEqual({ inkPixels: 0, contrasting: 0, share: 1 });
  });
});
