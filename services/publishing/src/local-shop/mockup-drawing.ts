// The local shop's mockups: a flat garment of the variant's colour with the design placed on it.
import sharp from 'sharp';
import { swatchOf } from './catalogue.js';
import { blueprintOf, providerOf } from './catalogue-routes.js';
import { notFound } from './printify-answers.js';
import type { StoredProduct } from './products.js';
import type { LocalUploads } from './uploads.js';

/** The mockup cameras of each enabled colour: the first is the colour's default. */
export const CAMERAS = [
  { id: 1, position: 'front', isDefault: true },
  { id: 2, position: 'front', isDefault: false },
  { id: 3, position: 'other', isDefault: false },
] as const;

/** A flat garment of the variant's colour with the design of its print area placed on it (600×600 PNG); camera 3 without the design. */
export async function drawMockup(
  product: StoredProduct | undefined,
  variantId: number,
  camera: number,
  uploads: LocalUploads,
): Promise<Buffer> {
  const area = product?.print_areas.find((candidate) => candidate.variant_ids.includes(variantId));
  if (!product || !area || !CAMERAS.some((known) => known.id === camera)) throw notFound();
  const blueprint = blueprintOf(product.blueprint_id);
  const variant = providerOf(blueprint, product.print_provider_id).variants.find((known) => known.id === variantId);
  const placed = area.placeholders[0]?.images[0];
  const image = placed ? uploads.get(placed.id) : undefined;
  const canvas = sharp({ create: { width: 600, height: 600, channels: 4, background: swatchOf(variant) } });
  if (!image || !placed || camera === 3) return canvas.png().toBuffer();
  const areaBox = camera === 1 ? { left: 150, top: 120, width: 300, height: 360 } : { left: 200, top: 160, width: 200, height: 240 };
  const width = Math.max(1, Math.round(areaBox.width * placed.scale));
  const design = await sharp(image.thumbnail).resize(width, areaBox.height, { fit: 'inside' }).png().toBuffer();
  const { width: w = width, height: h = 1 } = await sharp(design).metadata();
  const left = Math.round(areaBox.left + areaBox.width * placed.x - w / 2);
  const top = Math.round(areaBox.top + areaBox.height * placed.y - h / 2);
  return canvas
    .composite([{ input: design, left: Math.max(0, left), top: Math.max(0, top) }])
    .png()
    .toBuffer();
}
