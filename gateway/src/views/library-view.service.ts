import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { BROADCASTS, libraryChangedBroadcast, type ListAssetsReply } from '@printloom/contracts';
import { LOGGER, NATS_CONNECTION, type Logger, type NatsConnection } from '@printloom/service-kit';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { UserViewCache, jsonViewOf, type JsonView } from './user-view-cache.js';
import { forgetUsersOnBroadcasts } from './user-change-broadcasts.js';

/** Pages kept per user: the first page of each list the seller flips between (all, starred, a search or two). */
const PAGES_PER_USER = 8;

/**
 * Pages of each user's library list (GET /api/assets), cached per user and exact request URL (the same
 * URL is the same query, so the pre-router fast path needs no parsing). Assets announces every change
 * of a library before the changing request answers (`assets.library.changed`), which drops the user's
 * pages on every gateway instance; a page never outlives the first of its images to expire.
 */
@Injectable()
export class LibraryViewService implements OnModuleDestroy {
  private readonly cache: UserViewCache<ListAssetsReply>;
  private readonly unsubscribe: () => void;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig, @Inject(NATS_CONNECTION) nc: NatsConnection, @Inject(LOGGER) logger: Logger) {
    this.cache = new UserViewCache(config.LIBRARY_CACHE_TTL_MS, config.LIBRARY_CACHE_MAX_PAGES, PAGES_PER_USER);
    this.unsubscribe = forgetUsersOnBroadcasts(nc, logger, this.cache, [[BROADCASTS.libraryChanged, libraryChangedBroadcast]]);
  }

  onModuleDestroy(): void {
    this.unsubscribe();
  }

  /** The cached page for this request URL, without asking anyone (the pre-router fast path). */
  cached(userId: string, url: string): JsonView<ListAssetsReply> | null {
    return this.cache.get(userId, url);
  }

  /** The page for this request URL: cached, or fetched by `fetchPage` (assets' reply, validated input) and stored. */
  async page(userId: string, url: string, fetchPage: () => Promise<ListAssetsReply>): Promise<ListAssetsReply> {
    const cached = this.cache.get(userId, url);
    if (cached) return cached.reply;
    const ticket = this.cache.lookupStarted();
    const reply = await fetchPage();
    this.cache.store(userId, url, jsonViewOf(reply), soonestExpiry(reply), ticket);
    return reply;
  }

  /** This instance forgets a user's pages after a request of theirs that may have changed them. */
  forget(userId: string): void {
    this.cache.forget(userId);
  }
}

function soonestExpiry(reply: ListAssetsReply): Date | null {
  let soonest = Infinity;
  for (const asset of reply.assets) soonest = Math.min(soonest, Date.parse(asset.expiresAt));
  return Number.isFinite(soonest) ? new Date(soonest) : null;
}
