import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { AppError, MESSAGES, type Route } from '@printloom/contracts';
import { SessionService, type SignedInUser } from '../session/session.service.js';

/** Handler metadata: the row of the route table the handler serves (set by @RouteEndpoint). */
export const ROUTE_ENDPOINT = 'printloom:route-endpoint';

interface RoutedRequest extends Request {
  signedInUser?: SignedInUser | null;
}

/**
 * A row's `access`, enforced the same way for every row before its handler runs: 'public' asks
 * nobody, 'user' answers 401 without a live session, 'optional-user' looks the session up when there
 * is one. The user (or null) is left on the request for the handler (`@SignedIn()`, `signedInUserOf`).
 * A row with `proof: 'recent'` (leaving: export, deletion) also needs the session confirmed within the
 * re-authentication window (403 REAUTH_REQUIRED otherwise).
 */
@Injectable()
export class RouteAccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const route = this.reflector.get<Route | undefined>(ROUTE_ENDPOINT, context.getHandler());
    if (!route) throw new Error(`${context.getClass().name}.${context.getHandler().name}: RouteAccessGuard needs @RouteEndpoint`);
    const req = context.switchToHttp().getRequest<RoutedRequest>();
    req.signedInUser =
      route.access === 'public' ? null : route.access === 'user' ? await this.sessions.requireUser(req) : await this.sessions.resolve(req);
    if (route.proof === 'recent' && !isRecentlyConfirmed(req.signedInUser)) throw new AppError('REAUTH_REQUIRED', MESSAGES.reauthRequired);
    return true;
  }
}

/** The user RouteAccessGuard found for this request: null on public rows and for visitors on optional-user rows. */
export function signedInUserOf(req: Request): SignedInUser | null {
  return (req as RoutedRequest).signedInUser ?? null;
}

/** Auth computed `confirmedUntil` (the confirmation plus its window); it ends by the clock, here. */
function isRecentlyConfirmed(user: SignedInUser | null | undefined): boolean {
  return !!user?.confirmedUntil && Date.parse(user.confirmedUntil) > Date.now();
}
