import { isIP } from 'node:net';
import { z } from 'zod';
import { TIME_BUDGETS } from '@printloom/contracts';
import {
  DEFAULT_CIRCUIT_BREAKER,
  env,
  natsCredentialsOf,
  nodeEnv,
  parseConfig,
  requirePublicUrlInProduction,
} from '@printloom/service-kit';
import { storageEnvSchema } from '@printloom/storage';

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isAddressOrCidr = (item: string) => {
  if (NAMED_RANGES.has(item)) return true;
  const [address, prefix, ...rest] = item.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
};

/**
 * Which proxies in front of the gateway may name the client in X-Forwarded-For: a hop count (compose:
 * nginx = 1; k8s: ingress + nginx = 2) or a comma-separated list of their addresses/CIDRs. Never "trust
 * everyone": then any client could forge its address and reset per-IP limits. `true` reads as 1 hop.
 */
export const trustProxy = z
  .string()
  .default('false')
  .transform((value, ctx): number | string[] | false => {
    const trimmed = value.trim().toLowerCase();
    if (trimmed === '' || trimmed === 'false' || trimmed === '0') return false;
    if (trimmed === 'true') return 1;
    if (/^\d+$/.test(trimmed)) return Number(trimmed);
    const items = trimmed
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    if (items.length && items.every(isAddressOrCidr)) return items;
    ctx.addIssue({
      code: 'custom',
      message: 'must be a hop count (1 behind one proxy) or a comma-separated list of proxy addresses/CIDRs',
    });
    return z.NEVER;
  });

export const gatewayEnvSchema = z
  .object({
    NODE_ENV: nodeEnv,
    PORT: env.port.default(8080),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: env.url(['http:', 'https:']).default('http://localhost:8080'),
    NATS_URL: env.natsUrl.default('nats://127.0.0.1:4222'),
    /** The gateway's own NATS user and password (both or neither; both in production). */
    NATS_USER: env.optionalString,
    NATS_PASSWORD: env.optionalString,
    HEALTH_PORT: env.port.default(0),
    /**
     * With NODE_ENV=production `/api/docs` answers 404 unless this is true (the API description maps
     * every operation for an attacker too); elsewhere it is always served.
     */
    PUBLIC_API_DOCS: env.boolean.default(false),
    LOG_LEVEL: env.logLevel,
    /** OTLP/HTTP collector: traces are exported only when set. */
    OTEL_EXPORTER_OTLP_ENDPOINT: env.optionalUrl,
    /** The built SPA, served with history fallback when set (native mode; nginx serves it in containers). */
    STATIC_DIR: env.optionalString,
    /** Origins besides PUBLIC_URL allowed to make state-changing requests (comma-separated), e.g. the Vite dev server. */
    ALLOWED_ORIGINS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      ),
    RPC_TIMEOUT_MS: z.coerce.number().int().positive().default(TIME_BUDGETS.request.gateway),
    /**
     * A subject whose service stops answering: after this many consecutive time-outs its requests fail
     * at once for RPC_BREAKER_COOLDOWN_MS, then one probe request decides whether to resume.
     */
    RPC_BREAKER_FAILURES: z.coerce.number().int().positive().default(DEFAULT_CIRCUIT_BREAKER.failureThreshold),
    RPC_BREAKER_COOLDOWN_MS: z.coerce.number().int().positive().default(DEFAULT_CIRCUIT_BREAKER.cooldownMs),
    /**
     * How long `GET /api/auth/me` waits for billing's account summary: past it, the user's last credits seen
     * by this instance answer with `creditsStale: true` (a stalled billing costs the page a second, not
     * the whole RPC time-out).
     */
    ME_CREDITS_TIMEOUT_MS: z.coerce.number().int().positive().default(1_000),
    /**
     * How long a resolved session, and a user's `me` view (user, credits, plan), are reused without asking
     * auth or billing (revocations and account changes drop them at once); 0 turns both caches off.
     */
    SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).default(30_000),
    SESSION_CACHE_MAX_ENTRIES: z.coerce.number().int().positive().default(50_000),
    /**
     * How long a page of a user's library list is reused without asking assets (assets announces every
     * change of a library, which drops the user's pages at once); 0 turns the cache off.
     */
    LIBRARY_CACHE_TTL_MS: z.coerce.number().int().min(0).default(30_000),
    // A full page held as bytes and object is about 25 KB: 2,000 pages bound the cache near 50 MB whatever URLs clients send.
    LIBRARY_CACHE_MAX_PAGES: z.coerce.number().int().positive().default(2_000),
    TRUST_PROXY: trustProxy,
    GOOGLE_CLIENT_ID: env.optionalString,
    GOOGLE_CLIENT_SECRET: env.optionalString,
    GOOGLE_AUTH_URL: env.url(['http:', 'https:']).default('https://accounts.google.com/o/oauth2/v2/auth'),
    GOOGLE_TOKEN_URL: env.url(['http:', 'https:']).default('https://oauth2.googleapis.com/token'),
    GOOGLE_USERINFO_URL: env.url(['http:', 'https:']).default('https://openidconnect.googleapis.com/v1/userinfo'),
  })
  .and(storageEnvSchema);
export type GatewayConfig = z.infer<typeof gatewayEnvSchema>;

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');

/** What production keeps to itself: the API description (unless PUBLIC_API_DOCS) and the health checks' details (HEALTH_PORT has them). */
export function publicExposure(config: Pick<GatewayConfig, 'NODE_ENV' | 'PUBLIC_API_DOCS'>): { apiDocs: boolean; healthDetails: boolean } {
  const production = config.NODE_ENV === 'production';
  return { apiDocs: !production || config.PUBLIC_API_DOCS, healthDetails: !production };
}

export function loadGatewayConfig(source: Record<string, string | undefined> = process.env): GatewayConfig {
  const config = parseConfig(gatewayEnvSchema, source);
  // Stops the start naming the variable; production (NODE_ENV) requires the gateway's own NATS user.
  natsCredentialsOf({ NODE_ENV: source.NODE_ENV, NATS_USER: config.NATS_USER, NATS_PASSWORD: config.NATS_PASSWORD });
  // Google's callback, the cookies' Secure flag and the same-origin check are built on it.
  requirePublicUrlInProduction(config);
  return config;
}
