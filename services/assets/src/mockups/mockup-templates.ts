import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { MOCKUP_SIZE, type MockupId, type MockupProduct } from '@printloom/contracts';
import type { TemplatePixels } from './compose.js';
import type { Cylinder, PrintArea } from './placement.js';

/**
 * The committed templates (services/assets/mockup-templates, drawn by scripts/draw-mockup-templates.mjs):
 * the build copies them into dist (the production bundle ships dist only); sources read the originals.
 */
export const TEMPLATES_DIR = [new URL('../mockup-templates/', import.meta.url), new URL('../../mockup-templates/', import.meta.url)]
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

const loaded = new Map<MockupProduct, Promise<{ spec: TemplateSpec; pixels: TemplatePixels }>>();

/** A template decoded at mockup size, once per thread (the maps are drawn at half size and smooth). */
export function loadTemplate(product: MockupProduct): Promise<{ spec: TemplateSpec; pixels: TemplatePixels }> {
  let template = loaded.get(product);
  if (!template) {
    template = decode(readSpec(product));
    loaded.set(product, template);
    template.catch(() => loaded.delete(product));
  }
  return template;
}

async function decode(spec: TemplateSpec): Promise<{ spec: TemplateSpec; pixels: TemplatePixels }> {
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
  return { spec, pixels: { size, base, shading, displacement: shifts, displacementPx: spec.displacementPx ?? 0 } };
}
