import { z } from 'zod';
import { parseConfig, serviceEnvSchema } from '@printloom/service-kit';

export const notificationsEnvSchema = serviceEnvSchema.extend({});
export type NotificationsConfig = z.infer<typeof notificationsEnvSchema>;

export function loadNotificationsConfig(env: Record<string, string | undefined> = process.env): NotificationsConfig {
  return parseConfig(notificationsEnvSchema, env);
}
