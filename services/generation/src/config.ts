import { z } from 'zod';
import { env, parseConfig, serviceEnvSchema } from '@printloom/service-kit/config';
import { NICENESS } from '@printloom/service-kit/process-priority';
import { storageEnvSchema } from '@printloom/storage';
import { defaultGenerationConcurrency } from './jobs/default-concurrency.js';

export const generationEnvSchema = serviceEnvSchema
  .extend({
    IMAGE_PROVIDER: z.enum(['local', 'openai'], { message: "must be 'local' or 'openai'" }).default('local'),
    OPENAI_API_KEY: env.optionalString,
    OPENAI_BASE_URL: env.url(['http:', 'https:']).default('https://api.openai.com/v1'),
    // gpt-image-1.5 shuts down on 2026-12-01 and gpt-4.1-mini on 2027-01-14 (OpenAI's deprecations page):
    // these are the recommended replacements. The model watch warns before the next one goes.
    OPENAI_IMAGE_MODEL: z.string().min(1).default('gpt-image-2.6-sunburst'),
    OPENAI_VISION_MODEL: z.string().min(1).default('gpt-6-luna'),
    OPENAI_TIMEOUT_MS: z.coerce.number().int().positive().default(180_000),
    /** How often `GET /v1/models` is read for shutdown dates (also once at start). */
    OPENAI_MODEL_CHECK_INTERVAL_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(24 * 60 * 60_000),
    /** Spend ceiling: images requested from the image API per UTC day; past it new jobs wait. 0 = no ceiling. */
    OPENAI_DAILY_IMAGE_LIMIT: z.coerce.number().int().min(0).default(2000),
    /** A job waiting for the daily ceiling looks again after this long. */
    SPEND_WAIT_RETRY_MS: z.coerce.number().int().min(100).default(60_000),
    /**
     * The service's nice value (every thread: the drawing's and the RPCs'): below the request path's, so a
     * host running both answers a seller's pages first while a job draws; above the background lane's.
     */
    GENERATION_NICENESS: z.coerce.number().int().min(0).max(19).default(NICENESS.generation),
    /** Jobs one instance runs at once; by default from the machine's cores and memory. */
    GENERATION_CONCURRENCY: z.coerce
      .number()
      .int()
      .min(1)
      .max(16)
      .default(() => defaultGenerationConcurrency()),
    /** A job without a heartbeat for this long (its worker is gone or hung) is failed and refunded by the sweeper. */
    JOB_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(10 * 60_000),
    /**
     * A job message not acknowledged within this time (a dead worker) is redelivered. Short, because a
     * running job's heartbeat (every third of it) extends it: a killed worker's job returns in seconds.
     */
    JOB_ACK_WAIT_MS: z.coerce.number().int().min(1000).default(15_000),
    /**
     * How long a stopping instance (SIGTERM) lets its running jobs finish before it hands them back to
     * the queue; by default the image model's timeout + 10 s (stopGraceMs). The pod's grace period must
     * be longer (Kubernetes: OPENAI_TIMEOUT_MS + 20 s; compose: stop_grace_period).
     */
    JOB_STOP_GRACE_MS: z.coerce.number().int().positive().optional(),
    JOB_SWEEP_INTERVAL_MS: z.coerce.number().int().positive().default(30_000),
    /**
     * An idle worker loop looks at the queue again this often without an arrival: a dead worker's job,
     * redelivered after its ack wait, publishes nothing, so it is taken within this time (tests: shorter).
     */
    JOB_IDLE_RECHECK_MS: z.coerce.number().int().min(50).default(2000),
    /** Image-API pictures are fitted into the print canvas × this (1 in production; tests fit small). */
    PRINT_CANVAS_SCALE: z.coerce.number().positive().max(1).default(1),
    /** Files under jobs/ and uploads/ older than this were left by a crash (well past the job timeout). */
    STAGING_MAX_AGE_MS: z.coerce.number().int().nonnegative().default(3600_000),
    STAGING_SWEEP_INTERVAL_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(15 * 60_000),
    /** Finished jobs without images left, older than the retention, are purged this often. */
    JOB_PURGE_INTERVAL_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(6 * 3600_000),
    /** Unfinished batch jobs one seller may have at once (fair feeding): keep it at most the workers of a tier, so another seller's job waits one job at most. */
    BATCH_FEED_PER_USER: z.coerce.number().int().min(1).max(64).default(2),
    /** How often the batch feeder looks for rows to feed (it also runs as soon as a job of this instance ends). */
    BATCH_FEED_INTERVAL_MS: z.coerce.number().int().min(50).default(1000),
    /** The local provider renders at print size × this (tests render small). */
    LOCAL_RENDER_SCALE: z.coerce.number().positive().max(1).default(1),
  })
  .and(storageEnvSchema)
  .superRefine((config, context) => {
    if (config.IMAGE_PROVIDER === 'openai' && !config.OPENAI_API_KEY) {
      context.addIssue({ code: 'custom', path: ['OPENAI_API_KEY'], message: 'is required when IMAGE_PROVIDER=openai' });
    }
  });
export type GenerationConfig = z.infer<typeof generationEnvSchema>;

export function loadGenerationConfig(env: Record<string, string | undefined> = process.env): GenerationConfig {
  return parseConfig(generationEnvSchema, env);
}

/** Time a stopping instance gives its running jobs: one image request's timeout, plus 10 s to store and hand over. */
export function stopGraceMs(config: Pick<GenerationConfig, 'JOB_STOP_GRACE_MS' | 'OPENAI_TIMEOUT_MS'>): number {
  return config.JOB_STOP_GRACE_MS ?? config.OPENAI_TIMEOUT_MS + 10_000;
}
