import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AppError, LIMITS, PRINTIFY_OAUTH_REFRESH_BEFORE_MS, PUBLISHING_MESSAGES } from '@printloom/contracts';
import { clientAddressKey, SERVICE_METRICS, type ServiceMetrics } from '@printloom/service-kit';
import type { Counter } from 'prom-client';
import type { PublishingConfig } from '../config.js';
import { PUBLISHING_CONFIG, TOKEN_CIPHER } from '../publishing.tokens.js';
import { openStoredToken, refreshContext, tokenHintOf, type TokenCipher } from '../connections/token-cipher.js';
import { localShopConnectionKey, printifyConnectionKey } from '../connections/connection-key.js';
import { ConnectionRepository, type StoredConnection } from '../repositories/connection.repository.js';
import { GrantRefused, PrintifyGrantClient, type Grant } from './printify-grant.js';
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

/** A grant's access token with less than PRINTIFY_OAUTH_REFRESH_BEFORE_MS left (a personal token never expires here). */
const expiresSoon = (connection: Pick<StoredConnection, 'accessExpiresAt'>, now = Date.now()) =>
  connection.accessExpiresAt !== null && connection.accessExpiresAt.getTime() - now < PRINTIFY_OAUTH_REFRESH_BEFORE_MS;

const reconnectPrintify = () => new AppError('UNPROCESSABLE', PUBLISHING_MESSAGES.reconnectPrintify, { reason: 'NOT_CONNECTED' });

const CATALOGUE_TTL_MS = 60 * 60_000;
/** How long the token endpoint may take to answer a refresh; a claim outlives it, so a live claimant always stores its pair. */
const REFRESH_CALL_TIMEOUT_MS = 30_000;
const REFRESH_CLAIM_MS = REFRESH_CALL_TIMEOUT_MS + 15_000;
/** How often a caller waiting for another's refresh looks for the new pair. */
const REFRESH_WAIT_STEP_MS = 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
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
      if (stored.needsReconnect) throw reconnectPrintify();
      if (stored.shopId === null) throw new AppError('UNPROCESSABLE', PUBLISHING_MESSAGES.pickShop, { reason: 'NOT_CONNECTED' });
      const token = expiresSoon(stored) ? await this.refreshed(userId) : openStoredToken(this.cipher, stored);
      const connectionKey = printifyConnectionKey(userId, stored.shopId);
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
    const connectionKey = localShopConnectionKey(userId);
    const client = this.client(this.config.LOCAL_SHOP_TOKEN, connectionKey);
    this.localShop ??= (await client.shops())[0] ?? null;
    if (this.localShop === null) throw new AppError('UNAVAILABLE', PUBLISHING_MESSAGES.printifyUnavailable);
    const { id, title, sales_channel } = this.localShop;
    return { client, shopId: id, connectionKey, limitKey: connectionKey, local: true, shop: { title, salesChannel: sales_channel } };
  }

  /** Printify's token endpoints for this app; null without PRINTIFY_APP_ID. */
  grantClient(): PrintifyGrantClient | null {
    if (!this.config.PRINTIFY_APP_ID) return null;
    return new PrintifyGrantClient({
      apiBase: this.config.PRINTIFY_API_BASE,
      appId: this.config.PRINTIFY_APP_ID,
      userAgent: this.config.PRINTIFY_USER_AGENT,
    });
  }

  /**
   * A grant's access token with less than 10 minutes left, refreshed once per connection at a time: the
   * refresh is claimed on the connection row (one statement), Printify asked with no transaction open,
   * the new pair stored (ending the claim) before it is used. Another caller meanwhile waits for the
   * pair the claimant stores; a claim left by a process that died runs out after REFRESH_CLAIM_MS.
   * Printify refusing the refresh (400) marks the connection "reconnect Printify".
   */
  private async refreshed(userId: string): Promise<string> {
    const claim = randomUUID();
    const waitUntil = Date.now() + REFRESH_CLAIM_MS + REFRESH_WAIT_STEP_MS;
    for (;;) {
      const claimed = await this.connections.claimRefresh(userId, claim, REFRESH_CLAIM_MS, PRINTIFY_OAUTH_REFRESH_BEFORE_MS);
      if (claimed) return this.refreshClaimed(claimed, claim);
      const row = await this.connections.find(userId);
      if (!row || row.needsReconnect) throw reconnectPrintify();
      if (!expiresSoon(row)) return openStoredToken(this.cipher, row);
      // Another caller's refresh is under way: its pair is stored within its claim.
      if (Date.now() > waitUntil) throw new AppError('UNAVAILABLE', PUBLISHING_MESSAGES.printifyUnavailable);
      await sleep(REFRESH_WAIT_STEP_MS);
    }
  }

  private async refreshClaimed(row: StoredConnection, claim: string): Promise<string> {
    const { userId } = row;
    const grants = this.grantClient();
    if (!grants || !row.refreshSealed) {
      await this.connections.markNeedsReconnect(userId, claim);
      throw reconnectPrintify();
    }
    const refreshToken = this.cipher.open({ keyId: row.tokenKeyId, sealed: row.refreshSealed }, refreshContext(userId));
    let grant: Grant;
    try {
      grant = await grants.refresh(refreshToken, REFRESH_CALL_TIMEOUT_MS);
    } catch (error) {
      if (error instanceof GrantRefused && error.status === 400) {
        await this.connections.markNeedsReconnect(userId, claim);
        throw reconnectPrintify();
      }
      await this.connections.releaseRefresh(userId, claim);
      throw error;
    }
    const access = this.cipher.seal(grant.accessToken, userId);
    const refresh = this.cipher.seal(grant.refreshToken, refreshContext(userId));
    const stored = await this.connections.storeRefreshed(userId, claim, {
      tokenSealed: access.sealed,
      refreshSealed: refresh.sealed,
      tokenKeyId: access.keyId,
      tokenHint: tokenHintOf(grant.accessToken),
      accessExpiresAt: grant.expiresAt,
    });
    // The claim ran out and another caller took it (the token endpoint took longer than the claim): its pair wins.
    if (!stored) throw new AppError('UNAVAILABLE', PUBLISHING_MESSAGES.printifyUnavailable);
    return grant.accessToken;
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
