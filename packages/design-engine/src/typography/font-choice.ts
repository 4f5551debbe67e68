import type { VariantLetter } from '@printloom/contracts';
import type { Style } from '../brief/vocabulary.js';
import { pick, type Random } from '../random.js';
import type { FontId } from './fonts.js';

/**
 * Faces that carry each treatment. Monoton (inline neon tubes) and Pacifico (joined script) stay available
 * for a forced face but no style picks them: set flat at viewing size, OCR read 10-15% of their stacked
 * headlines back (scripts/legibility.mjs), against 90%+ for every face listed here.
 */
const STYLE_FONTS: Record<Style, FontId[]> = {
  retro: ['righteous', 'shrikhand'],
  vintage: ['alfa-slab-one', 'rye'],
  distressed: ['anton', 'alfa-slab-one'],
  kawaii: ['fredoka'],
  minimalist: ['bebas-neue'],
  neon: ['righteous', 'fredoka'],
  gothic: ['pirata-one'],
  groovy: ['shrikhand'],
  'hand-lettered': ['permanent-marker', 'shrikhand'],
  western: ['rye'],
  comic: ['bangers', 'luckiest-guy'],
  varsity: ['alfa-slab-one'],
};

/** What each art direction looks like without a style word. */
const DIRECTION_FONTS: Record<VariantLetter, FontId[]> = {
  A: ['anton', 'bebas-neue', 'bangers'],
  B: ['alfa-slab-one', 'righteous', 'anton'],
  C: ['fredoka', 'bangers', 'righteous'],
  D: ['alfa-slab-one', 'rye', 'anton'],
};

/**
 * The headline face of one variant: a face of the prompt's style when it has one (the sticker keeps a
 * rounded face unless the style says otherwise), else the direction's own faces.
 */
export function headlineFont(variant: VariantLetter, styles: readonly Style[], random: Random): FontId {
  const styled = styles.flatMap((style) => STYLE_FONTS[style]);
  return pick(random, styled.length > 0 ? styled : DIRECTION_FONTS[variant]);
}

/** A compact face for ring text and small lines next to a display headline. */
export function supportFont(headline: FontId): FontId {
  // Wide, script and very heavy faces (Alfa Slab One's counters close up when small) hand small lines to Bebas.
  const wide: FontId[] = ['monoton', 'pacifico', 'shrikhand', 'pirata-one', 'permanent-marker', 'rye', 'alfa-slab-one'];
  return wide.includes(headline) ? 'bebas-neue' : headline;
}
