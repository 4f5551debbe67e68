import { describe, expect, it } from '@jest/globals';
import { GARMENTS } from '../print-files/garments.js';
import { contrastCheck, marginCheck, textReadsOn, transparencyCheck, verdictOf, type Rgba } from './quality-checks.js';

/** A transparent image of `width`×`height` with opaque rectangles of one colour painted on it. */
function image(
  width: number,
  height: number,
  rects: Array<{ x: number; y: number; w: number; h: number; rgb: [number, number, number] }>,
): Rgba {
  const data = new Uint8Array(width * height * 4);
  for (const { x, y, w, h, rgb } of rects)
    for (let row = y; row < y + h; row++) for (let col = x; col < x + w; col++) data.set([...rgb, 255], (row * width + col) * 4);
  return { data, width, height };
}

const white = { name: 'light' as const, rgb: GARMENTS.light, hex: '#FFFFFF' };
const black = { name: 'dark' as const, rgb: GARMENTS.dark, hex: '#000000' };

describe('marginCheck', () => {
  it('passes art inside the 2% margin and names each side art reaches into', () => {
    expect(marginCheck(image(200, 100, [{ x: 4, y: 2, w: 192, h: 96, rgb: [0, 0, 0] }]))).toEqual({
      name: 'margin',
      ok: true,
      detail: 'Nothing within the 2% margin',
    });
    const touching = marginCheck(
      image(200, 100, [
        { x: 3, y: 50, w: 10, h: 10, rgb: [0, 0, 0] },
        { x: 100, y: 98, w: 5, h: 2, rgb: [0, 0, 0] },
      ]),
    );
    expect(touching).toEqual({ name: 'margin', ok: false, detail: 'Art reaches into the 2% margin (bottom, left)' });
  });
});

describe('transparencyCheck', () => {
  const cutOut = image(100, 100, [{ x: 10, y: 10, w: 80, h: 80, rgb: [200, 30, 30] }]);
  const opaque = image(100, 100, [{ x: 0, y: 0, w: 100, h: 100, rgb: [255, 255, 255] }]);

  it('passes a clear edge, fails an opaque background or a background the removal kept', () => {
    expect(transparencyCheck(cutOut, { transparent: true, backgroundKept: false }).ok).toBe(true);
    expect(transparencyCheck(opaque, { transparent: true, backgroundKept: false })).toEqual({
      name: 'transparency',
      ok: false,
      detail: 'Transparent was asked, but 100% of the edge is opaque',
    });
    expect(transparencyCheck(cutOut, { transparent: true, backgroundKept: true }).ok).toBe(false);
  });

  it('does not hold an opaque background against a job that did not ask for transparency', () => {
    expect(transparencyCheck(opaque, { transparent: false, backgroundKept: false }).ok).toBe(true);
  });
});

describe('contrastCheck', () => {
  const blackArt = image(50, 50, [{ x: 5, y: 5, w: 40, h: 40, rgb: [20, 20, 20] }]);
  const whiteArt = image(50, 50, [{ x: 5, y: 5, w: 40, h: 40, rgb: [250, 250, 250] }]);

  it('passes ink that stands out on the garment and fails ink that vanishes into it', () => {
    expect(contrastCheck(blackArt, white, null)).toEqual({
      name: 'contrast',
      ok: true,
      detail: '100% of the ink stands out on a white garment',
    });
    expect(contrastCheck(whiteArt, white, null)).toEqual({
      name: 'contrast',
      ok: false,
      detail: 'Only 0% of the ink stands out on a white garment',
    });
    expect(contrastCheck(whiteArt, black, null).ok).toBe(true);
  });

  it("leaves a sticker's own white backing out of the count", () => {
    const sticker = image(50, 50, [
      { x: 5, y: 5, w: 40, h: 40, rgb: [255, 255, 255] },
      { x: 15, y: 15, w: 20, h: 20, rgb: [180, 20, 60] },
    ]);
    expect(contrastCheck(sticker, white, null).ok).toBe(false);
    expect(contrastCheck(sticker, white, null, GARMENTS.light).ok).toBe(true);
  });

  it('fails text under 3:1 against what it sits on, naming it, even when the rest of the ink stands out', () => {
    const texts = [
      { text: 'Reads', fill: '#1A1A1A' },
      { text: 'Pale', fill: '#F5E6A8' },
    ];
    expect(contrastCheck(blackArt, white, texts)).toEqual({
      name: 'contrast',
      ok: false,
      detail: 'Text under 3:1 contrast on a white garment: “Pale”',
    });
  });
});

describe('textReadsOn', () => {
  it('accepts pale letters with a dark outline, and letters on a badge by the badge colour', () => {
    expect(textReadsOn({ fill: '#FFFFFF' }, '#FFFFFF')).toBe(false);
    expect(textReadsOn({ fill: '#FFFFFF', outline: { colour: '#111111', width: 6 } }, '#FFFFFF')).toBe(true);
    expect(textReadsOn({ fill: '#FFFFFF', backdrop: '#1B3A5C' }, '#FFFFFF')).toBe(true);
  });
});

describe('verdictOf', () => {
  it('is ok only when every check is', () => {
    const pass = { name: 'margin' as const, ok: true, detail: '' };
    expect(verdictOf([pass]).ok).toBe(true);
    expect(verdictOf([pass, { ...pass, name: 'contrast', ok: false }]).ok).toBe(false);
  });
});
