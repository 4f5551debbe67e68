import { z } from 'zod';
import { parseConfig, serviceEnvSchema } from '@printloom/service-kit';

export const billingEnvSchema = serviceEnvSchema.extend({});
export type BillingConfig = z.infer<typeof billingEnvSchema>;

export function loadBillingConfig(env: Record<string, string | undefined> = process.env): BillingConfig {
  return parseConfig(billingEnvSchema, env);
}
