import sharp from 'sharp';
import { PRINT_SIZES, renderVariant, withoutSrgbProfile, withSrgbProfile } from '@printloom/design-engine';
import type { VariantLetter } from '@printloom/contracts';
import { GARMENTS, type Garment } from './garments.js';
import { inkContrast } from './ink-contrast.js';
import { recolourForGarment } from './recolour.js';

/** What the local engine needs to draw a design again: its brief inputs as the job gave them. */
export interface EngineBrief {
  prompt: string;
  /** The job id: the engine's seed. */
  seed: string;
  variant: VariantLetter;
  /** The job's Black option. */
  dark: boolean;
}

/**
 * How a design's file for a garment is made: `own` is the original checked (and nudged where it falls
 * short) for the garment it was drawn for; `redraw` asks the engine for the other garment; `recolour`
 * recolours an image-model original for the other garment.
 */
export type GarmentFilePlan =
  | { method: 'own'; garment: Garment }
  | { method: 'redraw'; brief: EngineBrief; garment: Garment; width: number }
  | { method: 'recolour'; garment: Garment };

/** Decodes a print to raw RGBA. */
export async function rgbaOf(png: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(await withoutSrgbProfile(png))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The decoded print recoloured in place, as the print file. */
async function recoloured(image: { data: Buffer; width: number; height: number }, garment: Garment, drawnFor: 'this-garment' | 'unknown') {
  const { data, width, height } = image;
  recolourForGarment(data, width, height, GARMENTS[garment], drawnFor);
  return withSrgbProfile(
    await sharp(data, { raw: { width, height, channels: 4 } })
      .withDensity(300)
      .png({ compressionLevel: 6 })
      .toBuffer(),
  );
}

/**
 * A print as it is when enough of its ink reads on the garment, else recoloured (`recolourForGarment`:
 * only nudged when it was drawn for this garment, such as a light badge fill on a white shirt). Decoded once.
 */
export async function readableOn(png: Buffer, garment: Garment, drawnFor: 'this-garment' | 'unknown'): Promise<Buffer> {
  const image = await rgbaOf(png);
  return inkContrast(image.data, GARMENTS[garment]).share >= KEPT_AS_DRAWN ? png : recoloured(image, garment, drawnFor);
}

/**
 * The design's print file for a garment. The engine draws it again with the
 * same seed and layout and the inks of the other garment, at the original's size; an image-model design
 * (no brief to draw from) has its low-contrast inks recoloured. Either way the result is checked: an
 * engine redraw that still misses the mark (a white sticker edge on a white shirt) is recoloured too.
 */
export async function makeGarmentFile(original: Buffer, plan: GarmentFilePlan): Promise<Buffer> {
  if (plan.method === 'own') return readableOn(original, plan.garment, 'this-garment');
  if (plan.method === 'recolour') return readableOn(original, plan.garment, 'unknown');
  const { brief, garment, width } = plan;
  const rendered = await renderVariant(
    { prompt: brief.prompt, dark: brief.dark, seed: brief.seed, garment, scale: width / PRINT_SIZES[brief.variant].width },
    brief.variant,
  );
  return readableOn(rendered.png, garment, 'this-garment');
}

/** A print is kept as drawn from this share of readable ink (the acceptance's 95%, with room for resampling). */
const KEPT_AS_DRAWN = 0.97;
