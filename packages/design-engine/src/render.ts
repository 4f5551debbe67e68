import { ART_DIRECTIONS, type VariantLetter } from '@printloom/contracts';
import { choosePalette, GARMENT, paletteFamiliesFor } from './brief/palettes.js';
import { parsePrompt, type DesignBrief } from './brief/prompt-parser.js';
import { boldStackedType } from './directions/bold-stacked-type.js';
import { circularBadge } from './directions/circular-badge.js';
import { dieCutSticker } from './directions/die-cut-sticker.js';
import { readScene, type Scene } from './composition/scene.js';
import type { EmojiSetId } from './illustration/emoji-index.js';
import type { Canvas, Direction, DirectionDesign } from './directions/direction.js';
import { box, fitInto, grow, place, type Box, type Placement } from './directions/drawing.js';
import { svgDocument } from './directions/svg.js';
import { vintageDistressed } from './directions/vintage-distressed.js';
import { dieCut, distress, rasterise, type RowSpan } from './raster/effects.js';
import { centreArtwork, opaqueBounds, scaledPrint, toPrintPng, type ScaledPrint } from './raster/print-file.js';
import { PixelPool } from './raster/pixel-pool.js';
import { seededRandom } from './random.js';
import { headlineFont } from './typography/font-choice.js';
import type { FontId } from './typography/fonts.js';

export interface DesignRequest {
  /** The seller's idea as typed. */
  prompt: string;
  /** The design prints on a dark (black) garment. */
  dark: boolean;
  /** Same seed, same designs (the job id). */
  seed: string;
  /** Render smaller than print size (tests, previews); 1 = print size. */
  scale?: number;
  /** One headline face for every variant instead of the seeded choice (tests, the legibility check). */
  font?: FontId;
  /**
   * Draw for this garment whatever the idea names or `dark` says (the other garment's file of a design:
   * same seed, same layout, inks chosen for that garment). A sticker then sits on it too, not on white.
   */
  garment?: 'light' | 'dark';
}

export interface RenderedDesign<Derived = undefined> {
  variant: VariantLetter;
  directionId: string;
  png: Buffer;
  width: number;
  height: number;
  /** What `RenderOptions.derive` made from the print's pixels. */
  derived?: Derived;
}

export interface RenderOptions<Derived> {
  /** Draw and finish in a borrowed buffer (the effects work in place) instead of new ones. */
  pool?: PixelPool;
  /** Extra files made from the print's pixels while they are in memory (smaller copies of the print). */
  derive?: (scaled: ScaledPrint) => Promise<Derived>;
}

/** Print sizes at 300 DPI: apparel 15×18 in; the sticker square. */
export const PRINT_SIZES: Record<VariantLetter, Canvas> = {
  A: { width: 4500, height: 5400 },
  B: { width: 4500, height: 5400 },
  C: { width: 3000, height: 3000 },
  D: { width: 4500, height: 5400 },
};

const DIRECTIONS: Record<VariantLetter, Direction> = { A: boldStackedType, B: circularBadge, C: dieCutSticker, D: vintageDistressed };

/** Flat pictures read best as big type-led prints; Noto's shaded ones suit the badge and the sticker. */
const EMOJI_SET_OF: Record<VariantLetter, EmojiSetId[]> = {
  A: ['fluent-emoji-flat', 'noto'],
  B: ['noto', 'fluent-emoji-flat'],
  C: ['noto', 'fluent-emoji-flat'],
  D: ['fluent-emoji-flat', 'noto'],
};

export interface PlannedDesign extends DirectionDesign {
  variant: VariantLetter;
  directionId: string;
  canvas: Canvas;
  /** The whole artwork, fitted into the safe area. */
  svg: string;
  /** What fitting did to the drawing (identity when it already fitted). */
  placement: Placement;
  /** Where every element must end up: the canvas less the 2% margin and whatever the effects grow by. */
  safeArea: Box;
  /** What the print sits on: the garment colour, or white sticker backing. */
  garment: string;
}

/** At least this share of each side stays transparent, on every print. */
export const SAFE_MARGIN = 0.02;

/** How far the die-cut edge and its shadow reach past the artwork, in die-cut radii (measured). */
const DIE_CUT_REACH = 1.6;

export function safeAreaOf(canvas: Canvas, effects: DirectionDesign['effects']): Box {
  const grown = effects.dieCut ? effects.dieCut.radius * DIE_CUT_REACH : 0;
  const x = canvas.width * SAFE_MARGIN + grown;
  const y = canvas.height * SAFE_MARGIN + grown;
  return box(x, y, canvas.width - x, canvas.height - y);
}

/** The drawing placed inside the safe area, and its texts scaled with it. */
function fitted(design: DirectionDesign, canvas: Canvas, effects: DirectionDesign['effects']) {
  const safeArea = safeAreaOf(canvas, effects);
  const placement = fitInto(design.drawing.bounds, safeArea);
  const { scale, dx, dy } = placement;
  const body =
    scale === 1 && dx === 0 && dy === 0
      ? design.drawing.body
      : `<g transform="translate(${dx.toFixed(2)} ${dy.toFixed(2)}) scale(${scale.toFixed(5)})">${design.drawing.body}</g>`;
  const textElements = design.textElements.map((element) => ({
    ...element,
    size: element.size * scale,
    outline: element.outline && { ...element.outline, width: element.outline.width * scale },
    shadow: element.shadow && {
      ...element.shadow,
      dx: element.shadow.dx * scale,
      dy: element.shadow.dy * scale,
      outline: element.shadow.outline * scale,
    },
  }));
  return { svg: svgDocument(canvas.width, canvas.height, body, design.drawing.defsSvg), placement, safeArea, textElements };
}

/** Every element's box where it ends up on the canvas. */
export function placedBoxes(design: PlannedDesign): Box[] {
  return design.drawing.boxes.map((element) => place(element, design.placement));
}

function canvasOf(variant: VariantLetter, scale: number): Canvas {
  const size = PRINT_SIZES[variant];
  return { width: Math.round(size.width * scale), height: Math.round(size.height * scale) };
}

function sceneFor(brief: DesignBrief, variant: VariantLetter): Scene {
  for (const set of EMOJI_SET_OF[variant]) {
    const scene = readScene(brief, set);
    if (scene.subject) return scene;
  }
  return { props: [] };
}

/** The vector artwork of the four variants (no pixels yet). */
export function planDesigns(request: DesignRequest): PlannedDesign[] {
  const brief = parsePrompt(request.prompt);
  const families = paletteFamiliesFor(brief.colours, brief.styles);
  return ART_DIRECTIONS.map(({ variant, id }) => {
    const random = seededRandom(`${request.seed}:${variant}`);
    const canvas = canvasOf(variant, request.scale ?? 1);
    // A sticker sits on white backing whatever the garment; the worn print keeps a muted palette.
    const garmentIsDark = request.garment ? request.garment === 'dark' : brief.background ? brief.background === 'black' : request.dark;
    const dark = (variant === 'C' || brief.sticker) && !request.garment ? false : garmentIsDark;
    const paletteFamilies = variant === 'D' && brief.colours.length === 0 ? ['heritage'] : families;
    const garment = dark ? GARMENT.dark : GARMENT.light;
    const design = DIRECTIONS[variant]({
      brief,
      palette: choosePalette(paletteFamilies, dark, random),
      font: request.font ?? headlineFont(variant, brief.styles, random),
      scene: sceneFor(brief, variant),
      canvas,
      random,
      dark,
      garment,
    });
    // The sticker effect asked for in the idea: every variant gets the die-cut outline.
    const effects =
      brief.sticker && !design.effects.dieCut ? { ...design.effects, dieCut: { radius: canvas.width * 0.022 } } : design.effects;
    return { ...design, ...fitted(design, canvas, effects), effects, variant, directionId: id, canvas, garment };
  });
}

/** Room left above and below the artwork's boxes when only its rows are drawn (they are exact to ~0.2% of the width). */
const DRAWN_ROWS_PAD = 0.02;

/** The rows of the canvas the artwork covers (its elements' boxes, with room to spare). */
export function drawnRows(design: PlannedDesign): RowSpan | undefined {
  const bounds = design.drawing.bounds;
  if (!bounds) return undefined;
  const drawn = grow(place(bounds, design.placement), design.canvas.width * DRAWN_ROWS_PAD);
  const top = Math.max(0, Math.floor(drawn.y1));
  const bottom = Math.min(design.canvas.height, Math.ceil(drawn.y2));
  return bottom > top ? { top, height: bottom - top } : undefined;
}

/** One planned variant drawn, its effects applied, as the print file. */
export async function renderPlanned<Derived = undefined>(
  design: PlannedDesign,
  seed: string,
  options: RenderOptions<Derived> = {},
): Promise<RenderedDesign<Derived>> {
  const { width, height } = design.canvas;
  const { pool, derive } = options;
  const pixels = pool?.borrow(width * height * 4);
  try {
    let image = await rasterise(design.svg, pixels && { data: pixels, width, height }, drawnRows(design));
    if (design.effects.dieCut) image = await dieCut(image, design.effects.dieCut.radius);
    if (design.effects.distress)
      image = await distress(
        image,
        design.effects.distress.amount,
        seededRandom(`${seed}:${design.variant}:texture`),
        design.canvas.width / PRINT_SIZES[design.variant].width,
      );
    const bounds = opaqueBounds(image);
    centreArtwork(image, bounds);
    const [png, derived] = await Promise.all([toPrintPng(image), derive?.(scaledPrint(image, bounds))]);
    return { variant: design.variant, directionId: design.directionId, png, width: image.width, height: image.height, derived };
  } finally {
    if (pixels) pool!.giveBack(pixels);
  }
}

/** Four print-ready transparent PNGs, one per art direction, from the seller's idea. */
export async function renderDesigns(request: DesignRequest): Promise<RenderedDesign[]> {
  return Promise.all(planDesigns(request).map((design) => renderPlanned(design, request.seed)));
}

/**
 * The garment a variant of this request is drawn for: what the idea names, else `dark` (a sticker sits
 * on white backing whatever the garment, so it serves the light one).
 */
export function garmentOf(request: Pick<DesignRequest, 'prompt' | 'dark' | 'garment'>, variant: VariantLetter): 'light' | 'dark' {
  return planGarmentIsDark(request, variant) ? 'dark' : 'light';
}

function planGarmentIsDark(request: Pick<DesignRequest, 'prompt' | 'dark' | 'garment'>, variant: VariantLetter): boolean {
  if (request.garment) return request.garment === 'dark';
  const brief = parsePrompt(request.prompt);
  if (variant === 'C' || brief.sticker) return false;
  return brief.background ? brief.background === 'black' : request.dark;
}

/** One variant of a request drawn on its own (the other garment's file of a design): the same file renderDesigns makes for it. */
export async function renderVariant(
  request: DesignRequest,
  variant: VariantLetter,
  options: RenderOptions<undefined> = {},
): Promise<RenderedDesign> {
  const design = planDesigns(request).find((planned) => planned.variant === variant);
  if (!design) throw new Error(`No variant ${variant}`);
  return renderPlanned(design, request.seed, options);
}

/**
 * A rough share of a variant's drawing time: its pixels, more with the effect passes (measured at print
 * size: wear about doubles a variant's time, the die-cut two and a half times it).
 */
function drawingCost(design: PlannedDesign): number {
  const passes = 1 + (design.effects.distress ? 1 : 0) + (design.effects.dieCut ? 1.5 : 0);
  return design.canvas.width * design.canvas.height * passes;
}

/**
 * The four variants drawn `parallel` at a time, the dearest first so the lanes finish together, in
 * pooled buffers, each handed to `deliver` as soon as
 * it is ready (in the order finished): a job's memory peaks at `parallel` print-size buffers.
 */
export async function renderDesignsInto<Derived = undefined>(
  request: DesignRequest & { variants?: VariantLetter[] },
  options: RenderOptions<Derived> & { parallel: number },
  deliver: (design: RenderedDesign<Derived>) => Promise<void>,
): Promise<void> {
  const wanted = request.variants && new Set(request.variants);
  const queue = planDesigns(request)
    .filter((design) => !wanted || wanted.has(design.variant))
    .sort((a, b) => drawingCost(b) - drawingCost(a));
  let failure: unknown;
  const lanes = Array.from({ length: Math.max(1, Math.min(options.parallel, queue.length)) }, async () => {
    for (let design = queue.shift(); design; design = queue.shift()) {
      // One variant failing never throws away the others: the first failure is raised at the end.
      try {
        await deliver(await renderPlanned(design, request.seed, options));
      } catch (error) {
        failure ??= error;
      }
    }
  });
  await Promise.all(lanes);
  if (failure) throw failure;
}
