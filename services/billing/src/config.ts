import { z } from 'zod';
import { TRIAL } from '@printloom/contracts';
import {
  DEVELOPMENT_SECRETS,
  env,
  isProduction,
  parseConfig,
  productionSecretProblem,
  serviceEnvSchema,
} from '@printloom/service-kit/config';
import { requirePublicUrlInProduction } from '@printloom/service-kit/public-url';

const billingEnvFields = serviceEnvSchema.extend({
  PUBLIC_URL: env.url(['http:', 'https:']).default('http://localhost:8080'),
  STRIPE_SECRET_KEY: env.optionalString,
  STRIPE_WEBHOOK_SECRET: env.optionalString,
  /** Where the Stripe SDK sends its calls (a local stand-in in tests); Stripe's own API when unset. */
  STRIPE_API_BASE: env.optionalString,
  /** A reservation neither committed nor released within this time is released by the sweeper. */
  RESERVATION_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60_000),
  BILLING_SWEEP_INTERVAL_MS: z.coerce.number().int().positive().default(60_000),
  /** Trial credits expire this many days after they are granted. */
  TRIAL_CREDITS_DAYS: z.coerce.number().int().positive().optional(),
  /** New accounts per address per day that get the trial credits (the browser tests sign up more from one address). */
  TRIAL_GRANTS_PER_IP_PER_DAY: z.coerce.number().int().min(0).default(TRIAL.grantsPerIpPerDay),
  /**
   * Keys the one-way hashes of trial addresses (one trial per person, kept after deletion). Long and
   * random in production (refused otherwise); changing it forgets every person who had a trial.
   */
  TRIAL_HASH_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  /** `allow`: production may run the local checkout (a demo that gives credits away; never for real sellers). */
  LOCAL_PAYMENTS: z.enum(['allow', 'refuse', '']).default(''),
});

/**
 * In production, payments without Stripe would hand out plans and credits for free, and trial hashes
 * under a key written in the repository could be tested against any list of addresses: refuse to start.
 */
export const billingEnvSchema = billingEnvFields
  .superRefine((config, ctx) => {
    if (!isProduction(config)) return;
    const keyProblem = productionSecretProblem(config.TRIAL_HASH_KEY);
    if (keyProblem) ctx.addIssue({ code: 'custom', path: ['TRIAL_HASH_KEY'], message: keyProblem });
    if (config.LOCAL_PAYMENTS === 'allow') return;
    for (const variable of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
      if (!config[variable]) {
        ctx.addIssue({
          code: 'custom',
          path: [variable],
          message: 'is required in production (or set LOCAL_PAYMENTS=allow for a demo that gives credits away)',
        });
      }
    }
  })
  .transform((config) => ({ ...config, TRIAL_HASH_KEY: config.TRIAL_HASH_KEY ?? DEVELOPMENT_SECRETS[0] }));
export type BillingConfig = z.infer<typeof billingEnvSchema>;

export function loadBillingConfig(env: Record<string, string | undefined> = process.env): BillingConfig {
  const config = parseConfig(billingEnvSchema, env);
  // Stripe's return pages and the payment mails link back to it.
  requirePublicUrlInProduction(config);
  return config;
}
