import { z } from 'zod';
import { parseConfig, serviceEnvSchema } from '@printloom/service-kit';

export const assetsEnvSchema = serviceEnvSchema.extend({});
export type AssetsConfig = z.infer<typeof assetsEnvSchema>;

export function loadAssetsConfig(env: Record<string, string | undefined> = process.env): AssetsConfig {
  return parseConfig(assetsEnvSchema, env);
}
