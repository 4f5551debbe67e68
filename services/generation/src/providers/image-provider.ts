import { REFUND_MESSAGES, type VariantLetter } from '@printloom/contracts';

export interface GeneratedImage {
  variant: VariantLetter;
  png: Buffer;
  /** Already a transparent, centred, 300 DPI sRGB PNG at print size: stored as it is. */
  printReady?: boolean;
  /** The library's thumbnail and preview (WebP), made from the pixels the provider held. */
  derivatives?: { thumbnail: Buffer; preview: Buffer };
}

export interface GenerationInput {
  /** The seller's idea as typed (with the form's suffixes): each provider reads it its own way. */
  idea: string;
  /** The variants still missing: a redelivered job asks only for these. */
  variants: VariantLetter[];
  dark: boolean;
  transparent: boolean;
  /** Same seed, same images (the job id). */
  seed: string;
}

/** Who draws the designs: the local design engine, or the OpenAI Images API. */
export interface ImageProvider {
  readonly name: string;
  /** Each image costs money: the daily spend ceiling applies. */
  readonly billable: boolean;
  /**
   * Draws the asked variants and hands each to `deliver` as soon as it is ready, so a variant that
   * fails never throws away the others. Rejects (after delivering the rest) when any variant failed.
   */
  generate(input: GenerationInput, deliver: (image: GeneratedImage) => Promise<void>): Promise<void>;
  /** A ready-to-use generation prompt for an uploaded image. */
  describe(image: Buffer, mimeType: string): Promise<string>;
}

/**
 * Why a provider call failed, for the operator: `quota` (the account is out of credit) and
 * `model-gone` (the configured model is no longer offered) need a person, not a retry.
 */
export type ProviderFailure = 'policy' | 'busy' | 'unavailable' | 'timeout' | 'quota' | 'model-gone' | 'refused' | 'other';

/**
 * How the failures that leave the seller nothing but a refund read: the contracts' wording, so a
 * provider adapter reports only the kind and never words anything about credits.
 */
export const REFUNDED_FAILURE_MESSAGES = {
  quota: REFUND_MESSAGES.imageServiceUnavailable,
  'model-gone': REFUND_MESSAGES.imageServiceUnavailable,
  timeout: REFUND_MESSAGES.imageServiceTooSlow,
} as const satisfies Partial<Record<ProviderFailure, string>>;

/** A failure the user should read as it is (content policy, provider down): not a bug of ours. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly kind: ProviderFailure = 'other',
    /** The server asked to wait this long before trying again (its `retry-after`). */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }

  /** A failure of a kind whose words are the contracts' refund messages (out of quota, model gone, too slow). */
  static of(kind: keyof typeof REFUNDED_FAILURE_MESSAGES, retryable: boolean): ProviderError {
    return new ProviderError(REFUNDED_FAILURE_MESSAGES[kind], retryable, kind);
  }
}
