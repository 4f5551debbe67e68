import { z } from 'zod';
import { env, isProduction, parseConfig, serviceEnvSchema, ConfigError } from '@printloom/service-kit/config';
import { requirePublicUrlInProduction } from '@printloom/service-kit/public-url';
import { DEVELOPMENT_CONNECTION_KEY, parseConnectionKeys, type ConnectionKey } from './connections/token-cipher.js';

export const publishingEnvSchema = serviceEnvSchema.extend({
  /** Printify's API; the local shop's (`http://127.0.0.1:8091/v1`) in development and tests. */
  PRINTIFY_API_BASE: env.url(['http:', 'https:']).default('https://api.printify.com/v1'),
  /** Printify wants a User-Agent on every request. */
  PRINTIFY_USER_AGENT: z.string().min(1).default('Printloom/1.0 (+https://printloom.app)'),
  /** Where a seller opens a draft: `{id}` becomes the product id. */
  PRINTIFY_PRODUCT_URL: z.string().min(1).default('https://printify.com/app/product-details/{id}'),
  /**
   * With no connection, drafts go to the local Printify-shaped shop at PRINTIFY_API_BASE with
   * LOCAL_SHOP_TOKEN (the default of `make dev` and the development compose; refused in production).
   */
  LOCAL_SHOP: env.boolean.default(false),
  LOCAL_SHOP_TOKEN: z.string().min(1).default('local-shop-token'),
  /** The local shop's page as the seller's browser reaches it (`http://localhost:8091/local-shop`), linked from Account → Connections. */
  LOCAL_SHOP_PAGE_URL: env.optionalUrl,
  /**
   * AES-256-GCM keys for the stored Printify tokens: `id:base64` (32 bytes) pairs, comma-separated,
   * the first the current one. Production refuses to start without it; elsewhere a development key serves.
   */
  CONNECTIONS_KEY: env.optionalString,
  /** The public address print files are offered at (the gateway's `/api/print-files/<token>`). */
  PUBLIC_URL: env.url(['http:', 'https:']).default('http://localhost:8080'),
  /**
   * Printify OAuth 2.0 (a registered app): with an app id, "Connect with Printify" is offered beside the
   * token form. Tokens are exchanged and refreshed at PRINTIFY_API_BASE's `/app/oauth/tokens`.
   */
  PRINTIFY_APP_ID: env.optionalString,
  /** Printify's authorize page (`make dev`: the local shop's). */
  PRINTIFY_AUTHORIZE_URL: env.url(['http:', 'https:']).default('https://printify.com/app/authorize'),
  /** Printify's limits per connection (its documented figures by default). */
  PRINTIFY_REQUESTS_PER_MINUTE: z.coerce.number().int().positive().default(600),
  PRINTIFY_CATALOG_PER_MINUTE: z.coerce.number().int().positive().default(100),
  PRINTIFY_PUBLISHES_PER_WINDOW: z.coerce.number().int().positive().default(200),
  PRINTIFY_PUBLISH_WINDOW_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(30 * 60_000),
  /** Publications worked on at once per instance. */
  PUBLISHING_CONCURRENCY: z.coerce.number().int().positive().max(32).default(4),
  /** A worker that dies leaves its message to be redelivered after this long. */
  PUBLISHING_ACK_WAIT_MS: z.coerce.number().int().positive().default(60_000),
  /** A step whose publication another worker holds (its lease runs out if that worker died) looks again after this. */
  PUBLISHING_HELD_RETRY_MS: z.coerce.number().int().min(100).default(5_000),
  /** A step that threw is tried again after this × its deliveries so far, at most a minute. */
  PUBLISHING_FAILURE_BACKOFF_MS: z.coerce.number().int().min(100).default(2_000),
  /**
   * Hosts Printify's mockup images are fetched from (beside PRINTIFY_API_BASE's own host), comma-separated;
   * nothing else is requested, and outside LOCAL_SHOP no private address.
   */
  PRINTIFY_IMAGES_HOSTS: z.string().default('images-api.printify.com,images.printify.com'),
  /** A published product is first looked at this long after `publish.json`; then after as long again as has passed (doubling). */
  PUBLISH_POLL_FIRST_MS: z.coerce.number().int().min(100).default(5_000),
  /** The longest wait between two looks at a publishing product (counted inside Printify's 600 requests a minute). */
  PUBLISH_POLL_MAX_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(5 * 60_000),
  /** A product still locked this long after `publish.json` is given up on (publish_failed, "check the product there"). */
  PUBLISH_GIVE_UP_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .default(30 * 60_000),
  /** How often a draft's mockups are looked for once it exists (Printify draws them in about a minute). */
  MOCKUP_POLL_MS: z.coerce.number().int().positive().default(30_000),
});
export type PublishingConfig = z.infer<typeof publishingEnvSchema> & { connectionKeys: ConnectionKey[] };

export function loadPublishingConfig(source: Record<string, string | undefined> = process.env): PublishingConfig {
  const config = parseConfig(publishingEnvSchema, source);
  const production = isProduction(config);
  if (production && !config.CONNECTIONS_KEY)
    throw new ConfigError([
      'CONNECTIONS_KEY: is required in production (k1:$(openssl rand -base64 32)); Printify tokens are stored with it',
    ]);
  if (production && config.LOCAL_SHOP) throw new ConfigError(['LOCAL_SHOP: the local shop is for development and tests, never production']);
  // Printify downloads print files from PUBLIC_URL itself: in production it must be an https name it can reach.
  requirePublicUrlInProduction(config);
  let connectionKeys: ConnectionKey[];
  try {
    connectionKeys = config.CONNECTIONS_KEY ? parseConnectionKeys(config.CONNECTIONS_KEY) : [DEVELOPMENT_CONNECTION_KEY];
  } catch (error) {
    throw new ConfigError([`CONNECTIONS_KEY: ${(error as Error).message}`]);
  }
  return { ...config, connectionKeys };
}
