import { describe, expect, it } from '@jest/globals';
import { composeMockup, type DesignPixels, type TemplatePixels } from './compose.js';
import { cylinderSource, inchesToPixels, placeInArea, type PrintArea } from './placement.js';

const TEE_AREA: PrintArea = { left: 730, top: 560, width: 540, height: 720, widthInches: 12, heightInches: 16, align: 'top' };

describe('placement by the print area’s real inches', () => {
  it('converts inches to mockup pixels at the template’s pixels per inch', () => {
    expect(inchesToPixels(12, 45)).toBe(540);
    expect(inchesToPixels(3.5, 281)).toBeCloseTo(983.5);
  });

  it('fits a 15×18 in print file (4500×5400 at 300 DPI) into a 12×16 in tee area: 12×14.4 in, centred, top-aligned', () => {
    const rect = placeInArea({ width: 4500, height: 5400 }, TEE_AREA);
    // 12 in wide at 45 px/in = 540 px; 14.4 in tall = 648 px; flush with the area's top, centred across.
    expect(rect).toEqual({ left: 730, top: 560, width: 540, height: 648 });
  });

  it('a wide design is limited by the width and a tall one by the height, both centred across', () => {
    const wide = placeInArea({ width: 6000, height: 1500 }, TEE_AREA); // 20×5 in → 12×3 in
    expect(wide).toEqual({ left: 730, top: 560, width: 540, height: 135 });
    const tall = placeInArea({ width: 1500, height: 6000 }, TEE_AREA); // 5×20 in → 4×16 in
    expect(tall).toEqual({ left: 730 + (540 - 180) / 2, top: 560, width: 180, height: 720 });
  });

  it('a centred area (poster) centres down as well', () => {
    const poster: PrintArea = { left: 550, top: 360, width: 900, height: 1200, widthInches: 18, heightInches: 24, align: 'centre' };
    expect(placeInArea({ width: 4500, height: 4500 }, poster)).toEqual({ left: 550, top: 360 + 150, width: 900, height: 900 });
  });
});

describe('the mug’s cylinder', () => {
  const cylinder = { centreX: 1000, radius: 400, rimHalfHeight: 60 };

  it('maps the front centre line to the wrap’s centre, sagging by the rim ellipse', () => {
    expect(cylinderSource(1000, 500, cylinder, 400)).toEqual({ u: 0, v: 500 - 400 - 60 });
  });

  it('compresses the wrap towards the edges: equal screen steps cover more of the wrap near the sides', () => {
    const step = (x: number) => cylinderSource(x + 10, 500, cylinder, 400)!.u - cylinderSource(x, 500, cylinder, 400)!.u;
    expect(step(1000)).toBeCloseTo(10, 1);
    expect(step(1350)).toBeGreaterThan(step(1200));
    expect(step(1200)).toBeGreaterThan(step(1000));
    // 30° round from the front the arc is r·π/6.
    expect(cylinderSource(1200, 500, cylinder, 400)!.u).toBeCloseTo((400 * Math.PI) / 6);
  });

  it('curves a printed line: the same wrap height sits lower at the front than towards the sides', () => {
    const front = cylinderSource(1000, 500, cylinder, 400)!.v;
    const side = cylinderSource(1350, 500, cylinder, 400)!.v;
    expect(side).toBeGreaterThan(front); // at one screen row, the side shows a line lower down the wrap
  });

  it('sees nothing beyond the silhouette', () => {
    expect(cylinderSource(1000 - 400, 500, cylinder, 400)).toBeNull();
    expect(cylinderSource(1500, 500, cylinder, 400)).toBeNull();
  });
});

describe('blending the print into the product', () => {
  const size = 40;
  function template(shadingValue: number): TemplatePixels {
    const base = new Uint8Array(size * size * 4);
    for (let i = 0; i < size * size; i++) base.set([255, 255, 255, 255], i * 4);
    return {
      size,
      region: { left: 0, top: 0, width: size, height: size },
      base,
      shading: new Uint8Array(size * size).fill(shadingValue),
      displacement: null,
      displacementPx: 0,
    };
  }
  /** A 10×10 design: a red square in its left half, transparent elsewhere. */
  function design(): DesignPixels {
    const data = new Uint8Array(10 * 10 * 4);
    for (let y = 0; y < 10; y++) for (let x = 0; x < 5; x++) data.set([220, 20, 20, 255], (y * 10 + x) * 4);
    return { data, width: 10, height: 10 };
  }
  const look = { colour: [40, 60, 120] as [number, number, number], backdrop: [200, 200, 200] as [number, number, number], grain: 0 };
  const at = (rgb: Buffer, x: number, y: number) => [...rgb.subarray((y * size + x) * 3, (y * size + x) * 3 + 3)];
  const placement = { kind: 'flat' as const, rect: { left: 10, top: 10, width: 10, height: 10 } };

  it('keeps the garment where the design is transparent, and prints the ink where it is not', () => {
    const rgb = composeMockup(template(128), design(), placement, look);
    expect(at(rgb, 17, 15)).toEqual([40, 60, 120]); // the design's transparent half: only the navy garment
    expect(at(rgb, 30, 30)).toEqual([40, 60, 120]); // outside the print area
    const ink = at(rgb, 12, 15);
    expect(ink[0]).toBeGreaterThan(200); // red, with a little of the fabric through it
    expect(ink[2]).toBeLessThan(40);
  });

  it('multiplies shadows into the print and screens highlights over it', () => {
    const flat = at(composeMockup(template(128), design(), placement, look), 12, 15);
    const shadow = at(composeMockup(template(64), design(), placement, look), 12, 15);
    const highlight = at(composeMockup(template(220), design(), placement, look), 12, 15);
    expect(shadow[0]).toBeCloseTo(flat[0] / 2, -1);
    expect(highlight[1]).toBeGreaterThan(flat[1] + 50);
  });

  it('bends the print with the displacement map', () => {
    const folded = template(128);
    folded.displacement = new Uint8Array(size * size * 2).fill(128);
    folded.displacementPx = 4;
    // One pixel column left of the ink's edge samples 4 px to its left: ink moves right there.
    for (let y = 0; y < size; y++) folded.displacement[(y * size + 15) * 2] = 0;
    const straight = at(composeMockup(template(128), design(), placement, look), 15, 15);
    const bent = at(composeMockup(folded, design(), placement, look), 15, 15);
    expect(straight).toEqual([40, 60, 120]);
    expect(bent[0]).toBeGreaterThan(200);
  });

  it('lays the product over the backdrop by its alpha, and no ink lands off the product', () => {
    const cut = template(128);
    for (let y = 0; y < size; y++) for (let x = 0; x < 14; x++) cut.base[(y * size + x) * 4 + 3] = 0;
    const rgb = composeMockup(cut, design(), placement, look);
    expect(at(rgb, 12, 15)).toEqual([200, 200, 200]); // inside the print area but off the product
    expect(at(rgb, 14, 15)[0]).toBeGreaterThan(200);
  });
});
