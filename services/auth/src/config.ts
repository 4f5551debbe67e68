import { z } from 'zod';
import { env, parseConfig, serviceEnvSchema } from '@printloom/service-kit';

export const authEnvSchema = serviceEnvSchema.extend({
  /** Keys the hashes of one-time codes. Long and random in production. */
  SESSION_SECRET: z.string().min(16, 'must be at least 16 characters').default('printloom-local-development-secret-change-me'),
  PUBLIC_URL: env.url(['http:', 'https:']).default('http://localhost:8080'),
  /** Lets tests lower the rate limits; production keeps the defaults. */
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  /** Expired sessions, spent codes and old rate-limit windows are purged this often. */
  AUTH_SWEEP_INTERVAL_MS: z.coerce.number().int().positive().default(3600_000),
});
export type AuthConfig = z.infer<typeof authEnvSchema>;

export function loadAuthConfig(env: Record<string, string | undefined> = process.env): AuthConfig {
  return parseConfig(authEnvSchema, env);
}
