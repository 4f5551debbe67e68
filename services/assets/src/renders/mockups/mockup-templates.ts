import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { MOCKUP_SIZE, type MockupId, type MockupProduct } from '@printloom/contracts';
import { renderBlank, type Look, type TemplatePixels } from './compose.js';
import type { Cylinder, PrintArea } from './placement.js';

/**
 * The committed templates (services/assets/mockup-templates, drawn by scripts/draw-mockup-templates.mjs):
 * the build copies them into dist (the production bundle ships dist only); sources read the originals.
 */
export const TEMPLATES_DIR = [new URL('../../mockup-templates/', import.meta.url), new URL('../../../mockup-templates/', import.meta.url)]
  .map((url) => fileURLToPath(url))
  .find((dir) => existsSync(dir + 'tee.json'))!;

export interface TemplateSpec {
  id: MockupProduct;
  product: MockupProduct;
  size: number;
  pixelsPerInch: number;
  files: { base: string; shading: string; displacement?: string };
  printArea: PrintArea;
  displacementPx?: number;
  cylinder?: Cylinder;
  backdrop: string;
}

/** How each mockup looks: its product's template, the colour the white base is multiplied by, fibre grain. */
export const MOCKUP_LOOKS: Record<MockupId, { template: MockupProduct; colour: string; grain: number }> = {
  'tee-white': { template: 'tee', colour: '#f7f7f4', grain: 3 },
  'tee-black': { template: 'tee', colour: '#2a2a2b', grain: 4 },
  'tee-heather-grey': { template: 'tee', colour: '#b9b8b5', grain: 14 },
  'tee-navy': { template: 'tee', colour: '#232f4b', grain: 4 },
  'hoodie-black': { template: 'hoodie', colour: '#2a2a2b', grain: 5 },
  'tote-natural': { template: 'tote', colour: '#efe4cc', grain: 9 },
  'mug-white': { template: 'mug', colour: '#ffffff', grain: 0 },
  'poster-black-frame': { template: 'poster', colour: '#ffffff', grain: 0 },
};

export const rgbOf = (hex: string): [number, number, number] =>
  [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)) as [number, number, number];

export function readSpec(product: MockupProduct): TemplateSpec {
  return JSON.parse(readFileSync(TEMPLATES_DIR + `${product}.json`, 'utf8')) as TemplateSpec;
}

export interface LoadedTemplate {
  spec: TemplateSpec;
  /** The maps around the print area only (all a mockup redraws). */
  pixels: TemplatePixels;
  /** Each of this template's mockups without a print, RGB at mockup size (12 MB each). */
  blanks: Map<MockupId, Buffer>;
}

const loaded = new Map<MockupProduct, Promise<LoadedTemplate>>();

/**
 * A template decoded at mockup size once per thread, its blanks drawn, then only the maps around the
 * print area kept: a warm thread holds the 8 blanks (about 100 MB) and small maps, not 5 full templates.
 */
export function loadTemplate(product: MockupProduct): Promise<LoadedTemplate> {
  let template = loaded.get(product);
  if (!template) {
    template = decode(readSpec(product));
    loaded.set(product, template);
    template.catch(() => loaded.delete(product));
  }
  return template;
}

/** The part of the mockup a print can touch: the print area, the folds' reach, the cylinder's sag. */
export function printRegion(spec: TemplateSpec, size: number): TemplatePixels['region'] {
  const area = spec.printArea;
  const reach = (spec.displacementPx ?? 0) + 2;
  let left = area.left - reach;
  let right = area.left + area.width + reach;
  const top = area.top - reach;
  let bottom = area.top + area.height + reach;
  if (spec.cylinder) {
    left = Math.floor(spec.cylinder.centreX - spec.cylinder.radius) - 1;
    right = Math.ceil(spec.cylinder.centreX + spec.cylinder.radius) + 1;
    bottom += Math.ceil(spec.cylinder.rimHalfHeight);
  }
  const clampTo = (value: number) => Math.max(0, Math.min(size, Math.round(value)));
  return { left: clampTo(left), top: clampTo(top), width: clampTo(right) - clampTo(left), height: clampTo(bottom) - clampTo(top) };
}

function crop(map: Uint8Array, size: number, channels: number, region: TemplatePixels['region']): Uint8Array {
  const out = new Uint8Array(region.width * region.height * channels);
  for (let y = 0; y < region.height; y++) {
    const from = ((region.top + y) * size + region.left) * channels;
    out.set(map.subarray(from, from + region.width * channels), y * region.width * channels);
  }
  return out;
}

async function decode(spec: TemplateSpec): Promise<LoadedTemplate> {
  const size = MOCKUP_SIZE;
  const at = (file: string) => sharp(TEMPLATES_DIR + file).resize(size, size, { kernel: 'cubic' });
  const [base, shading, displacement] = await Promise.all([
    at(spec.files.base).ensureAlpha().raw().toBuffer(),
    // Blurred a little: the stored map is dithered to a few grey levels (a small file); this smooths it back.
    at(spec.files.shading).extractChannel(0).blur(1.5).raw().toBuffer(),
    spec.files.displacement ? at(spec.files.displacement).removeAlpha().raw().toBuffer() : null,
  ]);
  let shifts: Uint8Array | null = null;
  if (displacement) {
    shifts = new Uint8Array(size * size * 2);
    for (let i = 0; i < size * size; i++) {
      shifts[i * 2] = displacement[i * 3];
      shifts[i * 2 + 1] = displacement[i * 3 + 1];
    }
  }
  const full: TemplatePixels = {
    size,
    region: { left: 0, top: 0, width: size, height: size },
    base,
    shading,
    displacement: shifts,
    displacementPx: spec.displacementPx ?? 0,
  };
  const blanks = new Map<MockupId, Buffer>();
  for (const [id, look] of Object.entries(MOCKUP_LOOKS) as Array<[MockupId, (typeof MOCKUP_LOOKS)[MockupId]]>)
    if (look.template === spec.id) blanks.set(id, renderBlank(full, lookOf(spec, id)));
  const region = printRegion(spec, size);
  const pixels: TemplatePixels = {
    ...full,
    region,
    base: crop(base, size, 4, region),
    shading: crop(shading, size, 1, region),
    displacement: shifts && crop(shifts, size, 2, region),
  };
  return { spec, pixels, blanks };
}

/** The colours a mockup is drawn in. */
export function lookOf(spec: TemplateSpec, id: MockupId): Look {
  const look = MOCKUP_LOOKS[id];
  return { colour: rgbOf(look.colour), backdrop: rgbOf(spec.backdrop), grain: look.grain };
}
