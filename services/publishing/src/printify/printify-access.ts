import { Inject, Injectable } from '@nestjs/common';
import { AppError, LIMITS, PUBLISHING_MESSAGES } from '@printloom/contracts';
import { clientAddressKey, SERVICE_METRICS, type ServiceMetrics } from '@printloom/service-kit';
import type { Counter } from 'prom-client';
import type { PublishingConfig } from '../config.js';
import { PUBLISHING_CONFIG, TOKEN_CIPHER } from '../publishing.tokens.js';
import { openStoredToken, type TokenCipher } from '../connections/token-cipher.js';
import { ConnectionRepository } from '../repositories/connection.repository.js';
import { RateLimitRepository } from '../repositories/rate-limit.repository.js';
import { printifyProductUrl } from './printify-words.js';
import { PrintifyClient, type PrintifyShopInfo, type ProviderCatalogue, type RateGate, type RequestKind } from './printify-client.js';

/** A seller's way into Printify (or the local shop): the client, the shop and the keys of its publications and limits. */
export interface ResolvedConnection {
  client: PrintifyClient;
  shopId: number;
  /** `printify:<userId>:<shopId>`: the publications made through this shop carry it (a draft of another shop is not published here). */
  connectionKey: string;
  /**
   * The key Printify's limits are counted under: one per connection (one token), whichever of its shops
   * a request is for, as Printify counts per account.
   */
  limitKey: string;
  local: boolean;
  /** The shop as Printify listed it at connect: its title and sales channel (`etsy`, `shopify`, `disconnected`…). */
  shop: { title: string; salesChannel: string | null };
}

/** The key of a seller's Printify connection's limits: the same for every shop of its token. */
export const limitKeyOf = (userId: string) => `printify-token:${userId}`;

const CATALOGUE_TTL_MS = 60 * 60_000;
/** The window of LIMITS.printifyConnectsPerHour (the housekeeping sweeper keeps its events this long). */
export const CONNECT_WINDOW_MS = 60 * 60_000;

/** Clients per connection, each behind the connection's limits (counted in PostgreSQL, shared by every instance). */
@Injectable()
export class PrintifyAccess {
  private readonly catalogues = new Map<string, { at: number; answer: Promise<ProviderCatalogue> }>();
  private localShop: PrintifyShopInfo | null = null;
  private readonly requests: Counter<'kind' | 'status'>;

  constructor(
    private readonly connections: ConnectionRepository,
    private readonly limits: RateLimitRepository,
    @Inject(TOKEN_CIPHER) private readonly cipher: TokenCipher,
    @Inject(PUBLISHING_CONFIG) private readonly config: PublishingConfig,
    @Inject(SERVICE_METRICS) metrics: ServiceMetrics,
  ) {
    this.requests =
      (metrics.registry.getSingleMetric('printloom_printify_requests_total') as Counter<'kind' | 'status'> | undefined) ??
      metrics.counter('printloom_printify_requests_total', 'Requests to Printify (or the local shop), by kind and HTTP status', [
        'kind',
        'status',
      ]);
  }

  gate(limitKey: string): RateGate {
    const limitOf: Record<RequestKind, [number, number]> = {
      general: [this.config.PRINTIFY_REQUESTS_PER_MINUTE, 60_000],
      catalog: [this.config.PRINTIFY_CATALOG_PER_MINUTE, 60_000],
      publish: [this.config.PRINTIFY_PUBLISHES_PER_WINDOW, this.config.PRINTIFY_PUBLISH_WINDOW_MS],
    };
    return {
      take: (kind) => this.limits.take(limitKey, kind, ...limitOf[kind]),
      block: (ms) => this.limits.block(limitKey, ms),
    };
  }

  /**
   * Every connect is one request from our address to Printify with a token the caller chose (an oracle
   * for stolen tokens): LIMITS.printifyConnectsPerHour per seller and per client address (an IPv6 /64
   * counts as one), whichever way of connecting. 429 with `retryAfterSeconds` past either.
   */
  async admitConnect(userId: string, ip: string): Promise<void> {
    for (const key of [`connect:seller:${userId}`, `connect:address:${clientAddressKey(ip)}`]) {
      const waitMs = await this.limits.take(key, 'connect', LIMITS.printifyConnectsPerHour, CONNECT_WINDOW_MS);
      if (waitMs > 0)
        throw new AppError('RATE_LIMITED', PUBLISHING_MESSAGES.tooManyConnects, {
          retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
        });
    }
  }

  client(token: string, limitKey: string | null): PrintifyClient {
    return new PrintifyClient({
      baseUrl: this.config.PRINTIFY_API_BASE,
      token,
      userAgent: this.config.PRINTIFY_USER_AGENT,
      gate: limitKey ? this.gate(limitKey) : undefined,
      onRequest: (kind, status) => this.requests.inc({ kind, status: String(status) }),
    });
  }

  /** The seller's connection, or the local shop when there is none and LOCAL_SHOP is on; 422 otherwise. */
  async resolve(userId: string): Promise<ResolvedConnection> {
    const stored = await this.connections.find(userId);
    if (stored) {
      if (stored.shopId === null) throw new AppError('UNPROCESSABLE', PUBLISHING_MESSAGES.pickShop, { reason: 'NOT_CONNECTED' });
      const token = openStoredToken(this.cipher, stored);
      const connectionKey = `printify:${userId}:${stored.shopId}`;
      const limitKey = limitKeyOf(userId);
      const shop = stored.shops.find((candidate) => candidate.id === stored.shopId);
      return {
        client: this.client(token, limitKey),
        shopId: stored.shopId,
        connectionKey,
        limitKey,
        local: false,
        shop: { title: shop?.title ?? String(stored.shopId), salesChannel: shop?.salesChannel ?? null },
      };
    }
    if (!this.config.LOCAL_SHOP) throw new AppError('UNPROCESSABLE', PUBLISHING_MESSAGES.notConnected, { reason: 'NOT_CONNECTED' });
    const connectionKey = `local:${userId}`;
    const client = this.client(this.config.LOCAL_SHOP_TOKEN, connectionKey);
    this.localShop ??= (await client.shops())[0] ?? null;
    if (this.localShop === null) throw new AppError('UNAVAILABLE', PUBLISHING_MESSAGES.printifyUnavailable);
    const { id, title, sales_channel } = this.localShop;
    return { client, shopId: id, connectionKey, limitKey: connectionKey, local: true, shop: { title, salesChannel: sales_channel } };
  }

  /**
   * A blueprint's variants at one print provider from the connection's catalogue, kept an hour per
   * blueprint and provider (catalog requests have their own, lower limit).
   */
  catalogue(connection: ResolvedConnection, blueprintId: number, printProviderId: number): Promise<ProviderCatalogue> {
    const key = `${this.config.PRINTIFY_API_BASE}|${blueprintId}|${printProviderId}`;
    const kept = this.catalogues.get(key);
    if (kept && Date.now() - kept.at < CATALOGUE_TTL_MS) return kept.answer;
    const answer = connection.client.variants(blueprintId, printProviderId);
    this.catalogues.set(key, { at: Date.now(), answer });
    answer.catch(() => this.catalogues.delete(key));
    return answer;
  }

  productUrl(connection: ResolvedConnection, productId: string): string {
    if (connection.local) return `${new URL(this.config.PRINTIFY_API_BASE).origin}/local-shop#${productId}`;
    return printifyProductUrl(this.config.PRINTIFY_PRODUCT_URL, productId);
  }
}
