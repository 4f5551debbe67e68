import { z } from 'zod';
import { TIME_BUDGETS } from '@printloom/contracts';
import { env, parseConfig } from '@printloom/service-kit';
import { storageEnvSchema } from '@printloom/storage';

export const gatewayEnvSchema = z.object({
  PORT: env.port.default(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: env.url(['http:', 'https:']).default('http://localhost:8080'),
  NATS_URL: env.natsUrl.default('nats://127.0.0.1:4222'),
  HEALTH_PORT: env.port.default(0),
  LOG_LEVEL: env.logLevel,
  /** The built SPA, served with history fallback when set (native mode; nginx serves it in containers). */
  STATIC_DIR: env.optionalString,
  /** Origins besides PUBLIC_URL allowed to make state-changing requests (comma-separated), e.g. the Vite dev server. */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((origin) => origin.trim()).filter(Boolean)),
  RPC_TIMEOUT_MS: z.coerce.number().int().positive().default(TIME_BUDGETS.request.gateway),
  TRUST_PROXY: env.boolean.default(false),
  GOOGLE_CLIENT_ID: env.optionalString,
  GOOGLE_CLIENT_SECRET: env.optionalString,
  GOOGLE_AUTH_URL: env.url(['http:', 'https:']).default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: env.url(['http:', 'https:']).default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: env.url(['http:', 'https:']).default('https://openidconnect.googleapis.com/v1/userinfo'),
}).and(storageEnvSchema);
export type GatewayConfig = z.infer<typeof gatewayEnvSchema>;

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');

export function loadGatewayConfig(source: Record<string, string | undefined> = process.env): GatewayConfig {
  return parseConfig(gatewayEnvSchema, source);
}
