import type { ProductTemplate } from '@printloom/contracts';
import type { PrintifyVariant, ProductDraft } from '../printify/printify-client.js';

export type Garment = 'light' | 'dark';

/**
 * Printify's `scale` (the image's width over the placeholder's) that fits the whole design in the
 * print area, centred: full width unless the design is relatively taller than the area.
 */
export function containScale(image: { width: number; height: number }, placeholder: { width: number; height: number }): number {
  const byHeight = (placeholder.height * image.width) / (image.height * placeholder.width);
  return Math.min(1, byHeight);
}

export interface ResolvedVariants {
  /** Enabled catalogue variants with price, grouped by the file they get. */
  groups: Partial<Record<Garment, { id: number; price: number; placeholder: { width: number; height: number } }[]>>;
  /** Template variants the catalogue does not offer (colour / size). */
  missing: string[];
}

const same = (a: unknown, b: string) => typeof a === 'string' && a.trim().toLowerCase() === b.trim().toLowerCase();

/** The template's colours and sizes as the catalogue's variant ids, light garments apart from dark ones. */
export function resolveVariants(
  template: ProductTemplate,
  catalogue: PrintifyVariant[],
  position = template.placement.position,
): ResolvedVariants {
  const groups: ResolvedVariants['groups'] = {};
  const missing: string[] = [];
  for (const wanted of template.variants) {
    const found = catalogue.find((variant) => same(variant.options.color, wanted.colour) && same(variant.options.size, wanted.size));
    const placeholder = found?.placeholders.find((candidate) => candidate.position === position);
    if (!found || !placeholder) {
      missing.push(`${wanted.colour} / ${wanted.size}`);
      continue;
    }
    const garment: Garment = template.darkColours.some((colour) => same(colour, wanted.colour)) ? 'dark' : 'light';
    (groups[garment] ??= []).push({ id: found.id, price: wanted.price, placeholder });
  }
  return { groups, missing };
}

/** The product to create: every enabled variant, and one print area per garment group with its file. */
export function productDraft(
  template: ProductTemplate,
  resolved: ResolvedVariants,
  files: Partial<Record<Garment, { id: string; width: number; height: number }>>,
  copy: { title: string; description: string; tags: string[] },
): ProductDraft {
  const areas: ProductDraft['print_areas'] = [];
  const variants: ProductDraft['variants'] = [];
  for (const garment of ['light', 'dark'] as const) {
    const group = resolved.groups[garment];
    const file = files[garment];
    if (!group?.length || !file) continue;
    for (const variant of group) variants.push({ id: variant.id, price: variant.price, is_enabled: true });
    areas.push({
      variant_ids: group.map((variant) => variant.id),
      placeholders: [
        {
          position: template.placement.position,
          images: [
            {
              id: file.id,
              x: template.placement.x,
              y: template.placement.y,
              scale: Number(containScale(file, group[0]!.placeholder).toFixed(4)),
              angle: 0,
            },
          ],
        },
      ],
    });
  }
  return {
    title: copy.title,
    description: copy.description,
    tags: copy.tags,
    blueprint_id: template.blueprintId,
    print_provider_id: template.printProviderId,
    variants,
    print_areas: areas,
  };
}
