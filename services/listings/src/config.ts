import { z } from 'zod';
import { env, parseConfig, serviceEnvSchema } from '@printloom/service-kit/config';

export const listingsEnvSchema = serviceEnvSchema.extend({
  /** With a key, listing copy comes from the OpenAI text model; without one, from the offline local writer. */
  OPENAI_API_KEY: env.optionalString,
  OPENAI_BASE_URL: env.url(['http:', 'https:']).default('https://api.openai.com/v1'),
  /** A text model that supports structured output (JSON schema); the same family as OPENAI_VISION_MODEL. */
  OPENAI_TEXT_MODEL: z.string().min(1).default('gpt-6-luna'),
  OPENAI_TEXT_TIMEOUT_MS: z.coerce.number().int().positive().default(45_000),
  /**
   * Spend ceiling, as generation's OPENAI_DAILY_IMAGE_LIMIT: copy requests to the text model per UTC
   * day; past it the local writer writes. 0 = no ceiling.
   */
  OPENAI_DAILY_LISTING_LIMIT: z.coerce.number().int().min(0).default(2000),
});
export type ListingsConfig = z.infer<typeof listingsEnvSchema>;

export function loadListingsConfig(env: Record<string, string | undefined> = process.env): ListingsConfig {
  return parseConfig(listingsEnvSchema, env);
}
