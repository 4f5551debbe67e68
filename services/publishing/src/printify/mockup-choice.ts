import { EXTERNAL_MOCKUPS_MAX } from '@printloom/contracts';

interface ProductImage {
  src: string;
  variant_ids: number[];
  position?: string;
  is_default: boolean;
}

/**
 * The mockups brought into the library: the default front mockup of each enabled colour (Printify
 * lists several cameras per colour, one of them the default of its variants), at most
 * EXTERNAL_MOCKUPS_MAX. A colour with no default front image gives its first front one.
 */
export function libraryMockupsOf(images: readonly ProductImage[]): string[] {
  const chosen = new Map<string, ProductImage>();
  for (const image of images) {
    if (image.position !== undefined && image.position !== 'front') continue;
    const colour = [...image.variant_ids].sort((a, b) => a - b).join(',');
    const kept = chosen.get(colour);
    if (!kept || (image.is_default && !kept.is_default)) chosen.set(colour, image);
  }
  return [...chosen.values()].slice(0, EXTERNAL_MOCKUPS_MAX).map((image) => image.src);
}
