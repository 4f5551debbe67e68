import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppError, AUTH, MESSAGES } from '@printloom/contracts';
import { RpcClient } from '@printloom/service-kit';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { requestIdOf } from './request.js';

export const SESSION_COOKIE = 'pl_session';

export interface SignedInUser {
  userId: string;
  email: string;
}

/** The session cookie: opaque token in the browser, its hash and expiry in the auth service. */
@Injectable()
export class SessionService {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  tokenOf(req: Request): string | null {
    const token = (req.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE];
    return token ? token : null;
  }

  async resolve(req: Request): Promise<SignedInUser | null> {
    const token = this.tokenOf(req);
    if (!token) return null;
    try {
      return await this.rpc.request(AUTH.sessionResolve, { token }, { requestId: requestIdOf(req) });
    } catch (error) {
      if (error instanceof AppError && error.code === 'UNAUTHENTICATED') return null;
      throw error;
    }
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

  private cookieOptions() {
    return { httpOnly: true, sameSite: 'lax' as const, secure: this.config.PUBLIC_URL.startsWith('https:'), path: '/' };
  }
}
