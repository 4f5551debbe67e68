import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { AppError, MESSAGES, needsRecentProof, type ProofInput, type Route } from '@printloom/contracts';
import { SessionService, type SignedInUser } from '../session/session.service.js';
import { validateInput } from '../http/validate.js';

/** Handler metadata: the row of the route table the handler serves (set by @RouteEndpoint). */
export const ROUTE_ENDPOINT = 'printloom:route-endpoint';

interface RoutedRequest extends Request {
  signedInUser?: SignedInUser | null;
}

/**
 * A row's `access`, enforced the same way for every row before its handler runs: 'public' asks
 * nobody, 'user' answers 401 without a live session, 'optional-user' looks the session up when there
 * is one. The user (or null) is left on the request for the handler (`@SignedIn()`, `signedInUserOf`).
 * A row with `proof: 'recent'` (leaving: export, deletion; connecting Printify) also needs the session
 * confirmed within the re-authentication window (403 REAUTH_REQUIRED otherwise); a row with
 * `proof: { when }` needs it for the requests `when` picks from their validated input (bad input is the
 * row's own 400, as its handler would answer it).
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
    if (route.proof && needsRecentProof(route, proofInputOf(route, req)) && !isRecentlyConfirmed(req.signedInUser))
      throw new AppError('REAUTH_REQUIRED', MESSAGES.reauthRequired);
    return true;
  }
}

/** The user RouteAccessGuard found for this request: null on public rows and for visitors on optional-user rows. */
export function signedInUserOf(req: Request): SignedInUser | null {
  return (req as RoutedRequest).signedInUser ?? null;
}

/** The input a conditional proof decides on, validated by the row's own schemas (an unconditional one reads none). */
function proofInputOf(route: Route, req: Request): ProofInput {
  if (route.proof === 'recent') return { params: {}, query: {}, body: {} };
  return {
    params: route.params ? validateInput(route.params, req.params) : {},
    query: route.query ? validateInput(route.query, req.query) : {},
    body: route.body ? validateInput(route.body, req.body) : {},
  };
}

/** Auth computed `confirmedUntil` (the confirmation plus its window); it ends by the clock, here. */
function isRecentlyConfirmed(user: SignedInUser | null | undefined): boolean {
  return !!user?.confirmedUntil && Date.parse(user.confirmedUntil) > Date.now();
}
