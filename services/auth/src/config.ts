import { z } from 'zod';
import { parseConfig, serviceEnvSchema } from '@printloom/service-kit';

export const authEnvSchema = serviceEnvSchema.extend({});
export type AuthConfig = z.infer<typeof authEnvSchema>;

export function loadAuthConfig(env: Record<string, string | undefined> = process.env): AuthConfig {
  return parseConfig(authEnvSchema, env);
}
