import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import {
  AppError,
  AUTH,
  BILLING,
  BROADCASTS,
  MESSAGES,
  accountChangedBroadcast,
  sessionConfirmedBroadcast,
  sessionsRevokedBroadcast,
  userChangedBroadcast,
  type MeReply,
} from '@printloom/contracts';
import { LOGGER, NATS_CONNECTION, RpcClient, type Logger, type NatsConnection } from '@printloom/service-kit';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { UserViewCache, jsonViewOf, type JsonView } from './user-view-cache.js';
import { forgetUsersOnBroadcasts } from './user-change-broadcasts.js';
import { LastAccountSeen } from './last-account-seen.js';
import type { SignedInUser } from '../session/session.service.js';

export type MeView = JsonView<MeReply>;
/** The view differs between a user's sessions only by `confirmedUntil`: one entry per value (most users: one). */
const meKey = (user: SignedInUser) => `me:${user.confirmedUntil ?? ''}`;
const MAX_VIEWS_PER_USER = 4;

/** Billing cannot answer: the user stays signed in and sees the last credits seen, marked stale (never cached). */
const BILLING_DOWN_CODES = new Set(['NOT_IMPLEMENTED', 'UNAVAILABLE', 'TIMEOUT']);

/**
 * GET /api/auth/me, built in the gateway: the user from auth and the account summary from billing, asked
 * in parallel (one hop) and then cached per user. Billing announces every change of credits, plan or
 * trial (`billing.account.changed`) and auth every change of the user's own fields
 * (`auth.user.changed`), both before the changing request answers, so every gateway instance drops
 * the user's view at once; credits that expire by themselves end the entry at that moment.
 * `confirmedUntil` is the session's (SessionService resolved it); a re-authentication is announced
 * (`auth.session.confirmed`) and drops the user's views too. Billing gets its own short time-out
 * (ME_CREDITS_TIMEOUT_MS): a stalled billing costs the page that long, and the view then carries the
 * last account this instance saw with `creditsStale: true`.
 */
@Injectable()
export class MeViewService implements OnModuleDestroy {
  private readonly cache: UserViewCache<MeReply>;
  private readonly lastSeen: LastAccountSeen;
  private readonly creditsTimeoutMs: number;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.cache = new UserViewCache(config.SESSION_CACHE_TTL_MS, config.SESSION_CACHE_MAX_ENTRIES, MAX_VIEWS_PER_USER);
    this.lastSeen = new LastAccountSeen(config.SESSION_CACHE_MAX_ENTRIES);
    this.creditsTimeoutMs = config.ME_CREDITS_TIMEOUT_MS;
    this.unsubscribe = forgetUsersOnBroadcasts(nc, logger, this.cache, [
      [BROADCASTS.accountChanged, accountChangedBroadcast],
      [BROADCASTS.userChanged, userChangedBroadcast],
      [BROADCASTS.sessionsRevoked, sessionsRevokedBroadcast],
      [BROADCASTS.sessionConfirmed, sessionConfirmedBroadcast],
    ]);
  }

  onModuleDestroy(): void {
    this.unsubscribe();
  }

  /** The cached view, without asking anyone (the pre-router fast path); null when it must be fetched. */
  cached(signedIn: SignedInUser): MeView | null {
    return this.cache.get(signedIn.userId, meKey(signedIn));
  }

  async view(signedIn: SignedInUser, requestId: string): Promise<MeView> {
    const { userId, confirmedUntil } = signedIn;
    const cached = this.cache.get(userId, meKey(signedIn));
    if (cached) return cached;
    const ticket = this.cache.lookupStarted();
    const [user, summary] = await Promise.all([this.user(userId, requestId), this.accountSummary(userId, requestId)]);
    if (!summary) return jsonViewOf<MeReply>({ user, ...this.lastSeen.of(userId), creditsStale: true, confirmedUntil });
    const { changesAt, ...account } = summary;
    this.lastSeen.remember(userId, account);
    const view = jsonViewOf<MeReply>({ user, ...account, confirmedUntil });
    this.cache.store(userId, meKey(signedIn), view, changesAt ? new Date(changesAt) : null, ticket);
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

  /** Null when billing cannot answer (within ME_CREDITS_TIMEOUT_MS). */
  private async accountSummary(userId: string, requestId: string) {
    try {
      return await this.rpc.request(BILLING.accountSummary, { userId }, { requestId, timeoutMs: this.creditsTimeoutMs });
    } catch (error) {
      if (error instanceof AppError && BILLING_DOWN_CODES.has(error.code)) return null;
      throw error;
    }
  }
}
