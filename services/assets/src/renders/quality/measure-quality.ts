import sharp from 'sharp';
import type { DesignQuality, QualityCheck } from '@printloom/contracts';
import {
  flatTextPng,
  GARMENT,
  planDesigns,
  quotedTexts,
  readingSetting,
  readsBack,
  withoutSrgbProfile,
  type TextElement,
} from '@printloom/design-engine';
import type { EngineBrief } from '../print-files/garment-file.js';
import { GARMENTS, type Garment } from '../print-files/garments.js';
import { inkContrast } from '../print-files/ink-contrast.js';
import { contrastCheck, marginCheck, transparencyCheck, VANISHING_CONTRAST, verdictOf, type Rgba } from './quality-checks.js';
import type { Ocr } from './ocr.js';

/** What the verdict needs to know about a stored design besides its pixels. */
export interface QualityPlan {
  /** The seller's idea (its quoted text is the slogan when the engine's layout is not known). */
  prompt: string;
  /** The engine's brief when the engine drew it: the text elements are planned again from it. */
  brief: EngineBrief | null;
  /** The garment it was drawn for; null when not recorded (the one its ink reads best on is taken). */
  garment: Garment | null;
  /** The job asked for a transparent background. */
  transparent: boolean;
  /** Asked transparent, drawn opaque, and the background could not be cut out. */
  backgroundKept: boolean;
}

/** Whole designs are read at this width (the engine's legibility script reads whole variants so). */
const WHOLE_WIDTH = 1400;

const normal = (text: string) =>
  text
    .replace(/[‘’`´]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase();

/**
 * The quality verdict of one stored design: text legibility, the inks against the chosen garment,
 * nothing in the 2% margin, transparency where asked. Runs in the image worker pool (CPU and OCR).
 */
export async function measureQuality(stored: Buffer, plan: QualityPlan, ocr: Ocr): Promise<DesignQuality> {
  const png = await withoutSrgbProfile(stored);
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const image: Rgba = { data, width: info.width, height: info.height };
  const design = plan.brief
    ? planDesigns({ prompt: plan.brief.prompt, dark: plan.brief.dark, seed: plan.brief.seed }).find(
        (planned) => planned.variant === plan.brief!.variant,
      )
    : undefined;
  const garment = design ? (design.garment === GARMENT.dark ? 'dark' : 'light') : (plan.garment ?? bestGarment(image));
  const hex = GARMENT[garment];
  const sticker = design?.effects.dieCut ? GARMENTS.light : undefined;
  const checks: QualityCheck[] = [
    design
      ? await elementsLegibility(design.textElements, design, plan.brief!.seed, ocr)
      : await wholeLegibility(png, plan.prompt, hex, ocr),
    contrastCheck(image, { name: garment, rgb: GARMENTS[garment], hex }, design?.textElements ?? null, sticker),
    marginCheck(image),
    transparencyCheck(image, { transparent: plan.transparent, backgroundKept: plan.backgroundKept }),
  ];
  return verdictOf(checks);
}

/** Without a recorded garment: the one more of the ink stands out on. */
function bestGarment(image: Rgba): Garment {
  const light = inkContrast(image.data, GARMENTS.light, VANISHING_CONTRAST).share;
  const dark = inkContrast(image.data, GARMENTS.dark, VANISHING_CONTRAST).share;
  return dark > light ? 'dark' : 'light';
}

/** Each text element set flat in its face, inks and wear, read once at its one reading height. */
async function elementsLegibility(
  elements: TextElement[],
  design: Parameters<typeof readingSetting>[0] & { garment: string },
  seed: string,
  ocr: Ocr,
): Promise<QualityCheck> {
  if (elements.length === 0) return { name: 'legibility', ok: true, detail: 'No text to read' };
  const flats: Buffer[] = [];
  for (const element of elements) flats.push(await flatTextPng(element, design.garment, readingSetting(design, element, seed)));
  const readings = ocr.lines ? await ocr.lines(flats) : await readOneByOne(flats, ocr);
  const misses: string[] = [];
  elements.forEach((element, index) => {
    const reading = readings[index]!;
    if (!readsBack(element, reading)) misses.push(reading ? `“${element.text}” reads as “${reading}”` : `“${element.text}” does not read`);
  });
  return misses.length === 0
    ? {
        name: 'legibility',
        ok: true,
        detail: elements.length === 1 ? 'The text reads back' : `All ${elements.length} text lines read back`,
      }
    : { name: 'legibility', ok: false, detail: misses.join('; ') };
}

async function readOneByOne(pngs: Buffer[], ocr: Ocr): Promise<string[]> {
  const readings: string[] = [];
  for (const png of pngs) readings.push(await ocr(png, 'line'));
  return readings;
}

/** A design whose layout is not known: its quoted slogan must be found reading the whole design. */
async function wholeLegibility(png: Buffer, prompt: string, garment: string, ocr: Ocr): Promise<QualityCheck> {
  const texts = quotedTexts(prompt);
  if (texts.length === 0) return { name: 'legibility', ok: true, detail: 'No text to read' };
  const whole = await sharp(png).resize({ width: WHOLE_WIDTH }).flatten({ background: garment }).png({ compressionLevel: 1 }).toBuffer();
  const reading = normal((await ocr(whole, 'sparse')).split(/\n+/).join(' '));
  const missing = texts.filter((text) => !reading.includes(normal(text)));
  return missing.length === 0
    ? { name: 'legibility', ok: true, detail: texts.length === 1 ? 'The text reads back' : `All ${texts.length} texts read back` }
    : { name: 'legibility', ok: false, detail: `Not found reading the design: ${missing.map((text) => `“${text}”`).join(', ')}` };
}
