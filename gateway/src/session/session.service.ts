import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  AppError,
  AUTH,
  BROADCASTS,
  MESSAGES,
  SESSION_COOKIE,
  sessionConfirmedBroadcast,
  sessionsRevokedBroadcast,
} from '@printloom/contracts';
import { LOGGER, NATS_CONNECTION, RpcClient, type Logger, type NatsConnection } from '@printloom/service-kit';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { requestIdOf } from '../http/request.js';
import { SessionCache, tokenHashOf } from './session-cache.js';

/** Binds a pending sign-up to the browser that chose its password (auth keeps only the token's hash). */
export const PENDING_SIGNUP_COOKIE = 'pl_pending_signup';
const PENDING_SIGNUP_COOKIE_PATH = '/api/auth';

export interface SignedInUser {
  userId: string;
  email: string;
  /** Until when this session may leave (export, delete) without confirming again; null: confirm first. */
  confirmedUntil: string | null;
}

/**
 * The session cookie: opaque token in the browser, its hash and expiry in the auth service. Resolved
 * sessions are cached for SESSION_CACHE_TTL_MS; auth's revocation broadcast reaches every gateway
 * instance and drops them at once, and so does its announcement that a session was re-authenticated
 * (the cached `confirmedUntil` would be stale).
 */
@Injectable()
export class SessionService implements OnModuleDestroy {
  private readonly cache: SessionCache;
  private readonly subscriptions: Array<{ unsubscribe(): void }>;

  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.cache = new SessionCache(config.SESSION_CACHE_TTL_MS, config.SESSION_CACHE_MAX_ENTRIES);
    this.subscriptions = [
      nc.subscribe(BROADCASTS.sessionsRevoked, {
        callback: (error, msg) => {
          if (error) this.cache.clear();
          else this.onRevoked(msg.data);
        },
      }),
      nc.subscribe(BROADCASTS.sessionConfirmed, {
        callback: (error, msg) => {
          if (error) this.cache.clear();
          else this.onConfirmed(msg.data);
        },
      }),
    ];
    void this.forgetAllOnReconnect(nc);
  }

  onModuleDestroy(): void {
    for (const subscription of this.subscriptions) subscription.unsubscribe();
  }

  tokenOf(req: Request): string | null {
    const token = (req.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE];
    return token ? token : null;
  }

  /** The signed-in user of a token this instance has cached, without asking anyone (null: ask). */
  cachedUser(token: string): SignedInUser | null {
    return this.cache.get(tokenHashOf(token));
  }

  async resolve(req: Request): Promise<SignedInUser | null> {
    const token = this.tokenOf(req);
    if (!token) return null;
    const tokenHash = tokenHashOf(token);
    const cached = this.cache.get(tokenHash);
    if (cached) return cached;
    const ticket = this.cache.lookupStarted();
    try {
      const { userId, email, expiresAt, confirmedUntil } = await this.rpc.request(
        AUTH.sessionResolve,
        { token },
        { requestId: requestIdOf(req) },
      );
      const user = { userId, email, confirmedUntil };
      this.cache.store(tokenHash, user, new Date(expiresAt), ticket);
      return user;
    } catch (error) {
      if (error instanceof AppError && error.code === 'UNAUTHENTICATED') return null;
      throw error;
    }
  }

  /** This instance forgets a session it just ended without waiting for the broadcast. */
  forget(token: string | null): void {
    if (token) this.cache.revokeToken(tokenHashOf(token));
  }

  private onRevoked(data: Uint8Array): void {
    try {
      const revoked = sessionsRevokedBroadcast.parse(JSON.parse(new TextDecoder().decode(data)));
      if ('tokenHash' in revoked) this.cache.revokeToken(revoked.tokenHash);
      else this.cache.revokeUser(revoked.userId);
    } catch (error) {
      // Unreadable: drop everything rather than keep a session that may have ended.
      this.cache.clear();
      this.logger.warn({ err: error }, 'Unreadable session revocation; session cache cleared');
    }
  }

  /** The next request of that session asks auth again and sees its new `confirmedUntil`. */
  private onConfirmed(data: Uint8Array): void {
    try {
      this.cache.revokeToken(sessionConfirmedBroadcast.parse(JSON.parse(new TextDecoder().decode(data))).tokenHash);
    } catch (error) {
      this.cache.clear();
      this.logger.warn({ err: error }, 'Unreadable session confirmation; session cache cleared');
    }
  }

  private async forgetAllOnReconnect(nc: NatsConnection): Promise<void> {
    for await (const status of nc.status()) if (status.type === 'reconnect') this.cache.clear();
  }

  async requireUser(req: Request): Promise<SignedInUser> {
    const user = await this.resolve(req);
    if (!user) throw new AppError('UNAUTHENTICATED', MESSAGES.notAuthenticated);
    return user;
  }

  setSessionCookie(res: Response, session: { token: string; expiresAt: string }): void {
    res.cookie(SESSION_COOKIE, session.token, { ...this.cookieOptions(), expires: new Date(session.expiresAt) });
  }

  clearSessionCookie(res: Response): void {
    res.clearCookie(SESSION_COOKIE, this.cookieOptions());
  }

  pendingSignupTokenOf(req: Request): string | null {
    const token = (req.cookies as Record<string, string> | undefined)?.[PENDING_SIGNUP_COOKIE];
    return token ? token : null;
  }

  setPendingSignupCookie(res: Response, pending: { token: string; expiresAt: string }): void {
    res.cookie(PENDING_SIGNUP_COOKIE, pending.token, {
      ...this.cookieOptions(),
      path: PENDING_SIGNUP_COOKIE_PATH,
      expires: new Date(pending.expiresAt),
    });
  }

  clearPendingSignupCookie(res: Response): void {
    res.clearCookie(PENDING_SIGNUP_COOKIE, { ...this.cookieOptions(), path: PENDING_SIGNUP_COOKIE_PATH });
  }

  private cookieOptions() {
    return { httpOnly: true, sameSite: 'lax' as const, secure: this.config.PUBLIC_URL.startsWith('https:'), path: '/' };
  }
}
