import type { VariantLetter } from '@printloom/contracts';
import type { Palette } from '../brief/palettes.js';
import type { DesignBrief } from '../brief/prompt-parser.js';
import type { Scene } from '../composition/scene.js';
import type { Random } from '../random.js';
import type { FontId } from '../typography/fonts.js';
import type { Drawing } from './drawing.js';

export interface Canvas {
  width: number;
  height: number;
}

export interface DirectionInput {
  brief: DesignBrief;
  palette: Palette;
  font: FontId;
  /** What to draw besides the type: subject, props, setting. */
  scene: Scene;
  canvas: Canvas;
  random: Random;
  /** Printed on a dark garment. */
  dark: boolean;
  /** The colour the print sits on (the garment, or white sticker backing). */
  garment: string;
}

/** Raster effects applied after the vector artwork is drawn. */
export interface Effects {
  /** Thick white die-cut outline (with a soft shadow) around the whole shape; radius in pixels. */
  dieCut?: { radius: number };
  /** Worn texture knocked out of the ink; `amount` 0..1. */
  distress?: { amount: number };
}

/** One piece of text as drawn: what a legibility check needs to set it again on a straight line. */
export interface TextElement {
  text: string;
  font: FontId;
  /** Font size in pixels. */
  size: number;
  fill: string;
  outline?: { colour: string; width: number };
  shadow?: { colour: string; dx: number; dy: number; outline: number };
  /** The colour right under the letters (a badge ring); the garment when absent. */
  backdrop?: string;
  /** Set on an arc (whole-image OCR cannot read it there). */
  curved: boolean;
}

export interface DirectionDesign {
  drawing: Drawing;
  /** Every text drawn, in reading order (what tests check the slogan against). */
  texts: string[];
  textElements: TextElement[];
  effects: Effects;
}

export type Direction = (input: DirectionInput) => DirectionDesign;

export type { VariantLetter };
