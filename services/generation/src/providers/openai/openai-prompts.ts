// The words the OpenAI image model reads. Only the OpenAI provider builds them: the local design engine
// reads the seller's idea through its own prompt reading.
import { ART_DIRECTIONS, type ArtDirection, type VariantLetter } from '@printloom/contracts';
// Text in quotes is the slogan: it must be spelled exactly as the seller wrote it. The design engine
// owns the one reading of quotes, so both providers agree on what the slogan is.
import { quotedTexts } from '@printloom/design-engine';

export interface VariantPrompt {
  variant: VariantLetter;
  directionId: string;
  prompt: string;
}

export interface PromptOptions {
  /** Printed on a dark garment: light inks. */
  dark: boolean;
  transparent: boolean;
}

const PRINT_CONSTRAINTS = [
  'a single isolated design centred on the canvas',
  'no mock-up, no t-shirt, no model, no photo frame, no scenery around the design',
  'high contrast, clean edges, limited colour palette suitable for screen and DTG printing',
  'no trademarks, no brand logos, no copyrighted characters',
];

function textRule(texts: string[]): string {
  if (texts.length === 0) return 'no text unless it is part of the idea';
  return `the text ${texts.map((text) => `"${text}"`).join(' and ')} spelled exactly, letter for letter, clearly legible, no other text`;
}

function backgroundRule(options: PromptOptions): string {
  const ink = options.dark ? 'light, bright inks that read well on a black shirt' : 'dark, saturated inks that read well on a white shirt';
  return options.transparent ? `on a fully transparent background, ${ink}` : `on a plain solid background, ${ink}`;
}

function promptFor(idea: string, direction: ArtDirection, options: PromptOptions): string {
  const texts = quotedTexts(idea);
  return [
    `Print-ready graphic for print-on-demand merchandise: ${idea.trim()}.`,
    `Art direction: ${direction.prompt}.`,
    `Requirements: ${[...PRINT_CONSTRAINTS, textRule(texts), backgroundRule(options)].join('; ')}.`,
  ].join(' ');
}

/** The image-model prompt of one variant: the seller's idea in that variant's art direction. */
export function variantPrompt(idea: string, variant: VariantLetter, options: PromptOptions): string {
  const direction = ART_DIRECTIONS.find((candidate) => candidate.variant === variant)!;
  return promptFor(idea, direction, options);
}

/** The seller's plain idea as 4 provider prompts, one per variant, each in its own art direction. */
export function buildVariantPrompts(
  idea: string,
  options: PromptOptions,
  directions: readonly ArtDirection[] = ART_DIRECTIONS,
): VariantPrompt[] {
  return directions.map((direction) => ({
    variant: direction.variant,
    directionId: direction.id,
    prompt: promptFor(idea, direction, options),
  }));
}
