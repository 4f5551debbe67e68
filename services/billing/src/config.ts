import { z } from 'zod';
import { env, parseConfig, serviceEnvSchema } from '@printloom/service-kit';

export const billingEnvSchema = serviceEnvSchema.extend({
  PUBLIC_URL: env.url(['http:', 'https:']).default('http://localhost:8080'),
  STRIPE_SECRET_KEY: env.optionalString,
  STRIPE_WEBHOOK_SECRET: env.optionalString,
  /** Where the Stripe SDK sends its calls (a local stand-in in tests); Stripe's own API when unset. */
  STRIPE_API_BASE: env.optionalString,
  /** A reservation neither committed nor released within this time is released by the sweeper. */
  RESERVATION_TIMEOUT_MS: z.coerce.number().int().positive().default(15 * 60_000),
  BILLING_SWEEP_INTERVAL_MS: z.coerce.number().int().positive().default(60_000),
  /** Trial credits expire this many days after they are granted. */
  TRIAL_CREDITS_DAYS: z.coerce.number().int().positive().optional(),
});
export type BillingConfig = z.infer<typeof billingEnvSchema>;

export function loadBillingConfig(env: Record<string, string | undefined> = process.env): BillingConfig {
  return parseConfig(billingEnvSchema, env);
}
