// The four art directions, one per variant. The prompt builder (generation service) and the local
// design engine both read this table, so a variant means the same look whichever provider draws it.
export const VARIANT_LETTERS = ['A', 'B', 'C', 'D'] as const;
export type VariantLetter = (typeof VARIANT_LETTERS)[number];

export interface ArtDirection {
  variant: VariantLetter;
  id: string;
  name: string;
  /** Words handed to an image model to steer the look of this variant. */
  prompt: string;
}

export const ART_DIRECTIONS: readonly ArtDirection[] = [
  {
    variant: 'A',
    id: 'bold-stacked-type',
    name: 'Bold stacked typography',
    prompt: 'bold flat vector illustration with big stacked typography, thick clean shapes, strong silhouette',
  },
  {
    variant: 'B',
    id: 'circular-badge',
    name: 'Circular badge emblem',
    prompt: 'circular badge emblem, text curved around the border, centred illustration, vintage patch layout',
  },
  {
    variant: 'C',
    id: 'die-cut-sticker',
    name: 'Die-cut sticker',
    prompt: 'cute kawaii die-cut sticker with a thick white outline around the whole shape, playful rounded lettering',
  },
  {
    variant: 'D',
    id: 'vintage-distressed',
    name: 'Vintage distressed',
    prompt: 'retro vintage distressed print with worn texture knocked out of the ink, hand lettering, muted limited palette',
  },
];
