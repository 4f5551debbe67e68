import type { VariantLetter } from '@printloom/contracts';

/** How a listing names a design's art direction (ART_DIRECTIONS, drawn by the design engine's directions). */
export interface DirectionWords {
  /** Leads the title: what differs between the designs of one job. */
  title: string;
  /** Tags of this direction only (no other direction's list holds one), in the order they are used. */
  tags: readonly string[];
}

/**
 * One entry per variant, in the words buyers search for the look (bold-stacked-type, circular-badge,
 * die-cut-sticker, vintage-distressed). The lists share no tag, so two designs of one job share at most
 * the tags written from the prompt; each holds more than the 5 a listing takes, for when the prompt's
 * own tags already used one.
 */
export const DIRECTION_WORDS: Record<VariantLetter, DirectionWords> = {
  A: {
    title: 'Bold Type',
    tags: [
      'bold typography',
      'big bold letters',
      'statement tee',
      'word art',
      'block letters',
      'typography shirt',
      'text design',
      'stacked lettering',
    ],
  },
  B: {
    title: 'Vintage Badge',
    tags: ['vintage badge', 'round emblem', 'patch design', 'badge tee', 'circle emblem', 'retro patch', 'crest design', 'emblem shirt'],
  },
  C: {
    title: 'Sticker Style',
    tags: [
      'sticker style',
      'die cut look',
      'cute sticker',
      'white outline',
      'sticker art',
      'kawaii sticker',
      'cartoon outline',
      'bubbly design',
    ],
  },
  D: {
    title: 'Distressed Retro',
    tags: [
      'distressed print',
      'worn look',
      'faded print',
      'retro distressed',
      'vintage wash',
      'grunge print',
      'throwback tee',
      'worn texture',
    ],
  },
};
