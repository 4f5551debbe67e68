// The part of opentype.js 2.x this engine uses (the package ships no types).
declare module 'opentype.js' {
  export interface BoundingBox {
    x1: number;
    y1: number;
    x2: number;
    y2: number;
  }
  export interface Path {
    commands: unknown[];
    toPathData(decimals?: number): string;
    getBoundingBox(): BoundingBox;
  }
  export interface Glyph {
    index: number;
    unicode?: number;
    advanceWidth?: number;
    getPath(x: number, y: number, fontSize: number): Path;
  }
  export interface Font {
    unitsPerEm: number;
    ascender: number;
    descender: number;
    tables: { os2?: { sCapHeight?: number; sxHeight?: number } };
    charToGlyph(char: string): Glyph;
    hasChar(char: string): boolean;
    getKerningValue(left: Glyph, right: Glyph): number;
  }
  export function parse(buffer: ArrayBuffer): Font;
  const opentype: { parse: typeof parse };
  export default opentype;
}
