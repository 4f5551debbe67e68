import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import {
  AppError,
  AUTH,
  BILLING,
  BROADCASTS,
  MESSAGES,
  accountChangedBroadcast,
  sessionsRevokedBroadcast,
  userChangedBroadcast,
} from '@printloom/contracts';
import { LOGGER, NATS_CONNECTION, RpcClient, type Logger, type NatsConnection } from '@printloom/service-kit';
import type { z } from 'zod';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { MeViewCache, meViewOf, type MeView } from './me-view-cache.js';

/** Billing cannot answer: the user stays signed in and sees 0 credits meanwhile (never cached). */
const BILLING_DOWN_CODES = new Set(['NOT_IMPLEMENTED', 'UNAVAILABLE', 'TIMEOUT']);

/**
 * GET /api/auth/me, built in the gateway: the user from auth and the account summary from billing, asked
 * in parallel (one hop) and then cached per user. Billing announces every change of credits, plan or
 * trial (`billing.account.changed`) and auth every change of the user's own fields
 * (`auth.user.changed`), both before the changing request answers, so every gateway instance drops
 * the user's view at once; credits that expire by themselves end the entry at that moment.
 */
@Injectable()
export class MeViewService implements OnModuleDestroy {
  private readonly cache: MeViewCache;
  private readonly subscriptions: Array<{ unsubscribe(): void }>;

  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.cache = new MeViewCache(config.SESSION_CACHE_TTL_MS, config.SESSION_CACHE_MAX_ENTRIES);
    const forgetUserOf = (schema: z.ZodType<object>) => (error: Error | null, msg: { data: Uint8Array }) => {
      if (error) return this.cache.clear();
      this.onChanged(schema, msg.data);
    };
    this.subscriptions = [
      nc.subscribe(BROADCASTS.accountChanged, { callback: forgetUserOf(accountChangedBroadcast) }),
      nc.subscribe(BROADCASTS.userChanged, { callback: forgetUserOf(userChangedBroadcast) }),
      nc.subscribe(BROADCASTS.sessionsRevoked, { callback: forgetUserOf(sessionsRevokedBroadcast) }),
    ];
    void this.forgetAllOnReconnect(nc);
  }

  onModuleDestroy(): void {
    for (const subscription of this.subscriptions) subscription.unsubscribe();
  }

  /** The cached view, without asking anyone (the pre-router fast path); null when it must be fetched. */
  cached(userId: string): MeView | null {
    return this.cache.get(userId);
  }

  async view(userId: string, requestId: string): Promise<MeView> {
    const cached = this.cache.get(userId);
    if (cached) return cached;
    const ticket = this.cache.lookupStarted();
    const [user, summary] = await Promise.all([this.user(userId, requestId), this.accountSummary(userId, requestId)]);
    const { changesAt, ...account } = summary ?? { credits: 0, trialCredits: 0, subscription: null, changesAt: null };
    const view = meViewOf({ user, ...account });
    if (summary) this.cache.store(userId, view, changesAt ? new Date(changesAt) : null, ticket);
    return view;
  }

  /** This instance forgets a user's view after a request of theirs that may have changed it. */
  forget(userId: string): void {
    this.cache.forget(userId);
  }

  private async user(userId: string, requestId: string) {
    try {
      return await this.rpc.request(AUTH.getUser, { userId }, { requestId });
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') throw new AppError('UNAUTHENTICATED', MESSAGES.notAuthenticated);
      throw error;
    }
  }

  /** Null when billing cannot answer. */
  private async accountSummary(userId: string, requestId: string) {
    try {
      return await this.rpc.request(BILLING.accountSummary, { userId }, { requestId });
    } catch (error) {
      if (error instanceof AppError && BILLING_DOWN_CODES.has(error.code)) return null;
      throw error;
    }
  }

  private onChanged(schema: z.ZodType<object>, data: Uint8Array): void {
    try {
      const changed = schema.parse(JSON.parse(new TextDecoder().decode(data)));
      if ('userId' in changed && typeof changed.userId === 'string') this.cache.forget(changed.userId);
    } catch (error) {
      // Unreadable: drop everything rather than keep a view that may be stale.
      this.cache.clear();
      this.logger.warn({ err: error }, 'Unreadable account change; me views cleared');
    }
  }

  private async forgetAllOnReconnect(nc: NatsConnection): Promise<void> {
    for await (const status of nc.status()) if (status.type === 'reconnect') this.cache.clear();
  }
}
