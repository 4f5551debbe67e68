import { z } from 'zod';
import { parseConfig, serviceEnvSchema } from '@printloom/service-kit';

export const generationEnvSchema = serviceEnvSchema.extend({});
export type GenerationConfig = z.infer<typeof generationEnvSchema>;

export function loadGenerationConfig(env: Record<string, string | undefined> = process.env): GenerationConfig {
  return parseConfig(generationEnvSchema, env);
}
