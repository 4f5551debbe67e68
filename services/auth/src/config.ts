import { z } from 'zod';
import { LIMITS } from '@printloom/contracts';
import {
  DEVELOPMENT_SECRETS,
  env,
  isProduction,
  parseConfig,
  productionSecretProblem,
  serviceEnvSchema,
} from '@printloom/service-kit/config';
import { requirePublicUrlInProduction } from '@printloom/service-kit/public-url';

export const authEnvSchema = serviceEnvSchema
  .extend({
    /** Keys the hashes of one-time codes. Long and random in production (refused otherwise). */
    SESSION_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    PUBLIC_URL: env.url(['http:', 'https:']).default('http://localhost:8080'),
    /** Lets tests lower the rate limits; production keeps the defaults. */
    RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
    /** Expired sessions, spent codes and old rate-limit windows are purged this often. */
    AUTH_SWEEP_INTERVAL_MS: z.coerce.number().int().positive().default(3600_000),
    /** How long a sign-in or a re-authentication lets a session leave (export, delete); tests shorten it. */
    REAUTH_WINDOW_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(LIMITS.reauthWindowMinutes * 60_000),
  })
  .superRefine((config, ctx) => {
    const problem = isProduction(config) ? productionSecretProblem(config.SESSION_SECRET) : undefined;
    if (problem) ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: problem });
  })
  .transform((config) => ({ ...config, SESSION_SECRET: config.SESSION_SECRET ?? DEVELOPMENT_SECRETS[0] }));
export type AuthConfig = z.infer<typeof authEnvSchema>;

export function loadAuthConfig(env: Record<string, string | undefined> = process.env): AuthConfig {
  const config = parseConfig(authEnvSchema, env);
  requirePublicUrlInProduction(config);
  return config;
}
