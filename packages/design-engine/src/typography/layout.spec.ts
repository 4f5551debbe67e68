import { describe, expect, it } from '@jest/globals';
import { FONT_FACES, type FontId } from './fonts.js';
import { balancedLines, lineCountFor, stackLines } from './layout.js';
import { arcShape, lineShape, measureText } from './text-shapes.js';

const canvas = { x1: 0, y1: 0, x2: 4500, y2: 5400 };
const box = { x1: 300, y1: 2400, x2: 4200, y2: 5100 };
const inside = (inner: { x1: number; y1: number; x2: number; y2: number }, outer: typeof inner) =>
  inner.x1 >= outer.x1 - 0.5 && inner.y1 >= outer.y1 - 0.5 && inner.x2 <= outer.x2 + 0.5 && inner.y2 <= outer.y2 + 0.5;

describe('line breaking', () => {
  it('balances words over lines', () => {
    expect(balancedLines('Just a girl who loves dinosaurs', 3)).toEqual(['Just a girl', 'who loves', 'dinosaurs']);
    expect(balancedLines('Meow', 3)).toEqual(['Meow']);
  });

  it('keeps short slogans on one line and stacks long ones', () => {
    expect(lineCountFor('Game On')).toBe(1);
    expect(lineCountFor('Merry Christmas Ya Filthy Animal')).toBe(3);
    expect(lineCountFor('a b c d e f g h i j k l m n o p q r s t u v w x y z', 4)).toBe(4);
  });
});

describe('text fitting', () => {
  const slogans = [
    'Hi',
    'Space Meow',
    'The Mountains Are Calling',
    'Just a girl who loves dinosaurs and coffee and naps and long walks',
    'WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW',
  ];
  const fonts = Object.keys(FONT_FACES) as FontId[];

  it.each(fonts)('keeps every glyph of short and long slogans inside the box in %s', (font) => {
    for (const slogan of slogans) {
      const shapes = stackLines(font, balancedLines(slogan, lineCountFor(slogan)), box);
      for (const shape of shapes) {
        expect(shape.d).not.toBe('');
        expect(inside(shape.box, box)).toBe(true);
        expect(inside(shape.box, canvas)).toBe(true);
      }
    }
  });

  it('fills the width with a single line when the height allows it', () => {
    const [shape] = stackLines('anton', ['Space Meow'], box);
    expect(shape!.box.x2 - shape!.box.x1).toBeGreaterThan((box.x2 - box.x1) * 0.97);
  });

  it('draws characters the display face lacks from a fallback face instead of dropping them', () => {
    expect(measureText('bebas-neue', 'Ça ñ')).toBeGreaterThan(measureText('bebas-neue', 'C'));
    expect(lineShape('monoton', 'é', 0, 100, 100).d).not.toBe('');
  });

  it('sets text on a circle centred on the top of it', () => {
    const shape = arcShape('anton', 'ROUND BADGE TEXT', { cx: 2250, cy: 2700, radius: 1500, size: 300, side: 'top' });
    expect(shape.box.y2).toBeLessThan(2700);
    expect(Math.abs((shape.box.x1 + shape.box.x2) / 2 - 2250)).toBeLessThan(60);
    const bottom = arcShape('anton', 'BOTTOM', { cx: 2250, cy: 2700, radius: 1500, size: 300, side: 'bottom' });
    expect(bottom.box.y1).toBeGreaterThan(2700);
  });
});
