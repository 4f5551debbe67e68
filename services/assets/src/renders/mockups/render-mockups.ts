import sharp from 'sharp';
import { MOCKUPS, type MockupId } from '@printloom/contracts';
import { withoutSrgbProfile } from '@printloom/design-engine';
import { composeMockup, type DesignPixels, type Placement } from './compose.js';
import { loadTemplate, lookOf, MOCKUP_LOOKS } from './mockup-templates.js';
import { placeInArea, PRINT_DPI, type Rect } from './placement.js';

/** The print files a set is drawn from: light garments show `light`, dark ones `dark` (may be the same file). */
export interface MockupSources {
  light: Buffer;
  dark: Buffer;
}

/** Designs are decoded once, no larger than the largest print area of any template needs. */
const WORKING_SIZE = 1200;
const JPEG_QUALITY = 86;

interface Decoded {
  design: DesignPixels;
  /** The print file's own pixels (its real size at PRINT_DPI). */
  original: { width: number; height: number };
  resized: Map<string, DesignPixels>;
}

async function decodeDesign(stored: Buffer): Promise<Decoded> {
  const file = await withoutSrgbProfile(stored);
  const { data, info } = await sharp(file)
    .ensureAlpha()
    .resize(WORKING_SIZE, WORKING_SIZE, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const meta = await sharp(file).metadata();
  return {
    design: { data, width: info.width, height: info.height },
    original: { width: meta.width ?? info.width, height: meta.height ?? info.height },
    resized: new Map(),
  };
}

async function resizeTo(source: DesignPixels, width: number, height: number): Promise<DesignPixels> {
  if (source.width === width && source.height === height) return source;
  const data = await sharp(source.data, { raw: { width: source.width, height: source.height, channels: 4 } })
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  return { data, width, height };
}

/** The box around every pixel that is not fully transparent (the whole design when nothing is). */
export function drawnBox(design: DesignPixels): Rect {
  const { data, width, height } = design;
  let [left, top, right, bottom] = [width, height, -1, -1];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (data[(y * width + x) * 4 + 3] === 0) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      bottom = y;
    }
  return right < 0 ? { left: 0, top: 0, width, height } : { left, top, width: right - left + 1, height: bottom - top + 1 };
}

async function crop(design: DesignPixels, box: Rect): Promise<DesignPixels> {
  if (box.width === design.width && box.height === design.height) return design;
  const data = await sharp(design.data, { raw: { width: design.width, height: design.height, channels: 4 } })
    .extract(box)
    .raw()
    .toBuffer();
  return { data, width: box.width, height: box.height };
}

/** One mockup as a 2000×2000 JPEG. */
async function renderOne(id: MockupId, decoded: Decoded): Promise<Buffer> {
  const look = MOCKUP_LOOKS[id];
  const { spec, pixels, blanks } = await loadTemplate(look.template);
  let placement: Placement;
  let design: DesignPixels;
  if (spec.cylinder) {
    // A mug is printed from its own wrap: the art's drawn part fills the wrap's height, centred on the front.
    const box = drawnBox(decoded.design);
    const trimmed = await crop(decoded.design, box);
    const scale = decoded.original.width / decoded.design.width;
    const area = spec.printArea;
    const wrapWidth = area.widthInches * spec.pixelsPerInch;
    const rect = placeInArea(
      { width: box.width * scale, height: box.height * scale },
      { ...area, left: -wrapWidth / 2, top: 0, width: wrapWidth },
    );
    design = await resizeTo(trimmed, rect.width, rect.height);
    placement = { kind: 'cylinder', rect, cylinder: spec.cylinder, top: area.top };
  } else {
    const rect = placeInArea({ ...decoded.original, dpi: PRINT_DPI }, spec.printArea);
    const key = `${rect.width}x${rect.height}`;
    design = decoded.resized.get(key) ?? (await resizeTo(decoded.design, rect.width, rect.height));
    decoded.resized.set(key, design);
    placement = { kind: 'flat', rect };
  }
  const rgb = composeMockup(pixels, design, placement, lookOf(spec, id), blanks.get(id));
  return sharp(rgb, { raw: { width: pixels.size, height: pixels.size, channels: 3 } })
    .jpeg({ quality: JPEG_QUALITY, chromaSubsampling: '4:2:0' })
    .toBuffer();
}

/** A design's whole set, in MOCKUPS order, one at a time (the worker's thread is the unit of work). */
export async function renderMockups(sources: MockupSources): Promise<Array<{ id: MockupId; jpeg: Buffer }>> {
  const light = await decodeDesign(sources.light);
  const dark = sources.dark === sources.light || sources.dark.equals(sources.light) ? light : await decodeDesign(sources.dark);
  const made: Array<{ id: MockupId; jpeg: Buffer }> = [];
  for (const mockup of MOCKUPS) made.push({ id: mockup.id, jpeg: await renderOne(mockup.id, mockup.garment === 'dark' ? dark : light) });
  return made;
}
