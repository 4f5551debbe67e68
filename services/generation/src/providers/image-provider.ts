import type { VariantLetter } from '@printloom/contracts';
import type { VariantPrompt } from '../domain/prompt-builder.js';

export interface GeneratedImage {
  variant: VariantLetter;
  png: Buffer;
  /** Already a transparent, centred, 300 DPI sRGB PNG at print size: stored as it is. */
  printReady?: boolean;
}

export interface GenerationInput {
  idea: string;
  prompts: VariantPrompt[];
  dark: boolean;
  transparent: boolean;
  /** Same seed, same images (the job id). */
  seed: string;
}

/** Who draws the designs: the local design engine, or the OpenAI Images API. */
export interface ImageProvider {
  readonly name: string;
  generate(input: GenerationInput): Promise<GeneratedImage[]>;
  /** A ready-to-use generation prompt for an uploaded image. */
  describe(image: Buffer, mimeType: string): Promise<string>;
}

/** A failure the user should read as it is (content policy, provider down): not a bug of ours. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
