import { describe, expect, it } from '@jest/globals';
import { boxShrink } from './box-shrink.js';
import type { RgbaImage } from './effects.js';

/** A width × height image whose pixels are given row by row as [r, g, b, a]. */
function imageOf(width: number, pixels: number[][]): RgbaImage {
  return { data: Buffer.from(pixels.flat()), width, height: pixels.length / width };
}

const RED = [255, 0, 0, 255];
const BLUE = [0, 0, 255, 255];
const CLEAR = [0, 0, 0, 0];

describe('block averages of a print', () => {
  it('weights colour by alpha, so clear pixels lend no colour to an edge', () => {
    const image = imageOf(2, [RED, CLEAR, CLEAR, CLEAR]);
    const shrunk = boxShrink(image, { left: 0, top: 0, width: 2, height: 2 }, 2);
    expect([...shrunk.data]).toEqual([255, 0, 0, 64]);
  });

  it('mixes the inks of a block by how much of each there is', () => {
    const halfBlue = [0, 0, 255, 85];
    const image = imageOf(2, [RED, halfBlue, CLEAR, CLEAR]);
    const shrunk = boxShrink(image, { left: 0, top: 0, width: 2, height: 2 }, 2);
    // 255 parts of red, 85 of blue: three quarters red; alpha (255 + 85) / 4.
    expect([...shrunk.data]).toEqual([191, 0, 64, 85]);
  });

  it('shrinks only the region asked for, and averages the pixels a short last block has', () => {
    const row = [CLEAR, RED, RED, BLUE, CLEAR];
    const image = imageOf(5, [...row, ...row, ...row]);
    const shrunk = boxShrink(image, { left: 1, top: 0, width: 3, height: 3 }, 2);
    expect([shrunk.width, shrunk.height]).toEqual([2, 2]);
    expect([...shrunk.data]).toEqual([...RED, ...BLUE, ...RED, ...BLUE]);
  });
});
