import { z } from 'zod';
import { parseConfig, serviceEnvSchema } from '@printloom/service-kit';
import { storageEnvSchema } from '@printloom/storage';

export const assetsEnvSchema = serviceEnvSchema.extend({
  ASSET_SWEEP_INTERVAL_MS: z.coerce.number().int().positive().default(10 * 60_000),
}).and(storageEnvSchema);
export type AssetsConfig = z.infer<typeof assetsEnvSchema>;

export function loadAssetsConfig(env: Record<string, string | undefined> = process.env): AssetsConfig {
  return parseConfig(assetsEnvSchema, env);
}
