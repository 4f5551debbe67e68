import type { VariantLetter } from '@printloom/contracts';
import type { Palette } from '../brief/palettes.js';
import type { DesignBrief } from '../brief/prompt-parser.js';
import type { Illustration } from '../illustration/emoji-index.js';
import type { Random } from '../random.js';
import type { FontId } from '../typography/fonts.js';

export interface Canvas {
  width: number;
  height: number;
}

export interface DirectionInput {
  brief: DesignBrief;
  palette: Palette;
  font: FontId;
  illustrations: Illustration[];
  canvas: Canvas;
  random: Random;
  /** Printed on a dark garment. */
  dark: boolean;
}

/** Raster effects applied after the vector artwork is drawn. */
export interface Effects {
  /** Thick white die-cut outline (with a soft shadow) around the whole shape; radius in pixels. */
  dieCut?: { radius: number };
  /** Worn texture knocked out of the ink; `amount` 0..1. */
  distress?: { amount: number };
}

export interface DirectionDesign {
  svg: string;
  /** Every text drawn, in reading order (what tests check the slogan against). */
  texts: string[];
  effects: Effects;
}

export type Direction = (input: DirectionInput) => DirectionDesign;

export type { VariantLetter };
