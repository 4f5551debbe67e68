import { z } from 'zod';
import { env, parseConfig, serviceEnvSchema } from '@printloom/service-kit/config';
import { requirePublicUrlInProduction } from '@printloom/service-kit/public-url';
import { NICENESS } from '@printloom/service-kit/process-priority';
import { storageEnvSchema } from '@printloom/storage';
import { defaultAssetWorkerThreads, defaultBackgroundIdleThreads, defaultBackgroundWorkerThreads } from './default-worker-threads.js';

export const assetsEnvSchema = serviceEnvSchema
  .extend({
    ASSET_SWEEP_INTERVAL_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(10 * 60_000),
    /** Links in the expiry reminder email. */
    PUBLIC_URL: env.url(['http:', 'https:']).default('http://localhost:8080'),
    /** How often users with images about to expire are looked for (each gets at most one reminder a week). */
    ASSET_REMINDER_INTERVAL_MS: z.coerce.number().int().positive().default(3600_000),
    /** How often files and rows are compared (files without a row, rows without an original). */
    ASSET_RECONCILE_INTERVAL_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(6 * 3600_000),
    /** Work left by an interrupted step (a marked row, files without a row) is taken over after this age. */
    /** Worker threads for background removal and upscaling (default: from the container's CPU quota and memory), and how many tasks may wait for one. */
    ASSET_WORKER_THREADS: z.coerce
      .number()
      .int()
      .min(1)
      .max(32)
      .default(() => defaultAssetWorkerThreads()),
    /** How often a waiting design job (a listing kit, a bulk action) is looked for (each pass runs one job, design by design). */
    DESIGN_JOB_INTERVAL_MS: z.coerce.number().int().positive().default(3000),
    ASSET_WORKER_QUEUE_MAX: z.coerce.number().int().min(0).default(16),
    /** The pool's background lane (verdicts; kits', bulk actions' and drafts' files): threads at a lower OS priority, and how many tasks may wait. */
    ASSET_BACKGROUND_THREADS: z.coerce
      .number()
      .int()
      .min(1)
      .max(16)
      .default(() => defaultBackgroundWorkerThreads()),
    ASSET_BACKGROUND_QUEUE_MAX: z.coerce.number().int().min(0).default(16),
    /** The background lane's threads while no seller task is in flight (default: the container's cores; never fewer than ASSET_BACKGROUND_THREADS). */
    ASSET_BACKGROUND_IDLE_THREADS: z.coerce
      .number()
      .int()
      .min(1)
      .max(32)
      .default(() => defaultBackgroundIdleThreads()),
    /**
     * The nice value of the background lane's process (0: the seller's priority; a shared test machine runs
     * it so, its time budgets being the seller's).
     */
    ASSET_BACKGROUND_NICENESS: z.coerce.number().int().min(0).max(19).default(NICENESS.background),
    /** Measure every generated design's quality verdict in the background (tests not about it turn it off). */
    ASSET_QUALITY_VERDICTS: env.boolean.default(true),
    /** How often designs still waiting for their quality verdict are looked for (ingest also wakes a pass at once). */
    ASSET_QUALITY_INTERVAL_MS: z.coerce.number().int().positive().default(60_000),
    ASSET_ORPHAN_GRACE_MS: z.coerce
      .number()
      .int()
      .nonnegative()
      .default(15 * 60_000),
  })
  .and(storageEnvSchema);
export type AssetsConfig = z.infer<typeof assetsEnvSchema>;

export function loadAssetsConfig(env: Record<string, string | undefined> = process.env): AssetsConfig {
  const config = parseConfig(assetsEnvSchema, env);
  // Reminder mails link to the library and to their unsubscribe page.
  requirePublicUrlInProduction(config);
  return config;
}
