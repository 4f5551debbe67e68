import type { ProductTemplate, UnavailableVariant, VariantOptions } from '@printloom/contracts';
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
  /** Template entries the catalogue does not offer. */
  missing: UnavailableVariant[];
}

/** The options a template can name, in the order Printify titles a variant (`White / S`, `12″ x 18″ / Matte`). */
const OPTION_KEYS = ['color', 'size', 'paper'] as const;

/**
 * An option value as a comparable word: case, spaces, inch marks and `×` do not count, and `2XL` is
 * `XXL` (`12″ x 18″` = `12x18`).
 */
export function normaliseOption(value: string): string {
  const plain = value
    .toLowerCase()
    .replace(/×/g, 'x')
    .replace(/[\s"'″′”“]/g, '');
  const extra = /^(\d)xl$/.exec(plain);
  return extra ? `${'x'.repeat(Number(extra[1]))}l` : plain;
}

/** How Printify titles a variant with these options. */
export const variantLabel = (options: VariantOptions) =>
  OPTION_KEYS.map((key) => options[key])
    .filter(Boolean)
    .join(' / ');

/** Whether a catalogue variant is the template entry: every option the catalogue variant has (of those a template names) agrees. */
function matches(variant: PrintifyVariant, wanted: VariantOptions): boolean {
  const keys = OPTION_KEYS.filter((key) => typeof variant.options[key] === 'string');
  if (keys.length === 0) return false;
  return keys.every((key) => {
    const want = wanted[key];
    return want !== undefined && normaliseOption(want) === normaliseOption(String(variant.options[key]));
  });
}

/** The template's entries as the catalogue's variant ids (matched on whichever options the blueprint has), light garments apart from dark ones. */
export function resolveVariants(
  template: ProductTemplate,
  catalogue: PrintifyVariant[],
  position = template.placement.position,
  provider = 'this print provider',
): ResolvedVariants {
  const groups: ResolvedVariants['groups'] = {};
  const missing: UnavailableVariant[] = [];
  const dark = new Set(template.darkColours.map(normaliseOption));
  const taken = new Set<number>();
  for (const wanted of template.variants) {
    const found = catalogue.find((variant) => !taken.has(variant.id) && matches(variant, wanted.options));
    const placeholder = found?.placeholders.find((candidate) => candidate.position === position);
    if (!found || !placeholder) {
      missing.push({
        options: wanted.options,
        label: variantLabel(wanted.options),
        reason: found ? `No ${position} print area at ${provider}` : `Not offered by ${provider}`,
      });
      continue;
    }
    taken.add(found.id);
    const colour = typeof found.options.color === 'string' ? found.options.color : undefined;
    const garment: Garment = colour && dark.has(normaliseOption(colour)) ? 'dark' : 'light';
    (groups[garment] ??= []).push({ id: found.id, price: wanted.price, placeholder });
  }
  return { groups, missing };
}

/** The product to create: every enabled variant, and one print area per garment group with its file. */
export function productDraft(
  template: ProductTemplate,
  printProviderId: number,
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
    print_provider_id: printProviderId,
    variants,
    print_areas: areas,
  };
}
