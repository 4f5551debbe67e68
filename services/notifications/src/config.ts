import { z } from 'zod';
import { env, parseConfig, serviceEnvSchema } from '@printloom/service-kit/config';
import { requirePublicUrlInProduction } from '@printloom/service-kit/public-url';

export const notificationsEnvSchema = serviceEnvSchema.extend({
  SMTP_URL: env.url(['smtp:', 'smtps:']).default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().min(3).default('Printloom <no-reply@printloom.local>'),
  SUPPORT_EMAIL: z.email({ message: 'must be an email address' }).default('support@printloom.local'),
  PUBLIC_URL: env.url(['http:', 'https:']).default('http://localhost:8080'),
  /** First retry delay of a failed send; doubles each time. */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().positive().default(5000),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().positive().default(8),
  MAIL_POLL_MS: z.coerce.number().int().positive().default(1000),
  /** Sent bodies are blanked and old rows deleted this often. */
  OUTBOX_SWEEP_INTERVAL_MS: z.coerce.number().int().positive().default(3600_000),
});
export type NotificationsConfig = z.infer<typeof notificationsEnvSchema>;

export function loadNotificationsConfig(env: Record<string, string | undefined> = process.env): NotificationsConfig {
  const config = parseConfig(notificationsEnvSchema, env);
  requirePublicUrlInProduction(config);
  return config;
}
