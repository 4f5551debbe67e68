import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { TIME_BUDGETS, sessionReply, signupRpcReply, type ListAssetsReply, type RpcRoute } from '@printloom/contracts';
import { RpcClient } from '@printloom/service-kit';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { SessionService } from '../session/session.service.js';
import { signedInUserOf } from '../routes/route-access.guard.js';
import { MeViewService } from '../views/me-view.service.js';
import { LibraryViewService } from '../views/library-view.service.js';
import { validateInput } from '../http/validate.js';
import { clientIp, requestIdOf } from '../http/request.js';

/** Serves one `rpc` row of the routes table (its access already enforced by RouteAccessGuard): validate, forward over NATS, answer. */
@Injectable()
export class RpcForwarder {
  constructor(
    private readonly rpc: RpcClient,
    private readonly sessions: SessionService,
    private readonly meViews: MeViewService,
    private readonly libraryViews: LibraryViewService,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async forward(route: RpcRoute, req: Request, res: Response): Promise<unknown> {
    const user = signedInUserOf(req);
    const input = {
      params: route.params ? validateInput(route.params, req.params) : {},
      query: route.query ? validateInput(route.query, req.query) : {},
      body: route.body ? validateInput(route.body, req.body) : {},
      userId: user?.userId ?? null,
      ip: clientIp(req),
      sessionToken: this.sessions.tokenOf(req),
      pendingSignupToken:
        route.pendingSignup === 'finish' || route.pendingSignup === 'read' ? this.sessions.pendingSignupTokenOf(req) : null,
    };
    const payload = route.toRequest ? route.toRequest(input) : { ...input.query, ...input.body, ...(user ? { userId: user.userId } : {}) };
    const timeoutMs = route.timeBudget ? TIME_BUDGETS[route.timeBudget].gateway : this.config.RPC_TIMEOUT_MS;
    const send = () =>
      this.rpc.forward(route.subject, payload, { requestId: requestIdOf(req), timeoutMs }).finally(() => {
        // Whatever the services announce, this instance never shows the user a view from before their own change.
        if (user && route.method !== 'GET') {
          this.meViews.forget(user.userId);
          this.libraryViews.forget(user.userId);
        }
      });
    // The gateway's cached pages (see LibraryViewService), keyed by the URL whose query was just validated.
    // A page filtered by publications is read fresh: publishing moves them on (a draft made, a product
    // published) without assets announcing a change of the library.
    if (route.cache === 'library' && user && input.query.publication === undefined)
      return this.libraryViews.page(user.userId, req.originalUrl, send as () => Promise<ListAssetsReply>);
    const reply = await send();

    if (route.pendingSignup === 'start') {
      const { pendingSignup, ...rest } = signupRpcReply.parse(reply);
      this.sessions.setPendingSignupCookie(res, pendingSignup);
      return rest;
    }
    if (route.pendingSignup === 'finish') this.sessions.clearPendingSignupCookie(res);
    if (route.session === 'start') {
      const { session, ...rest } = sessionReply.parse(reply);
      this.sessions.setSessionCookie(res, session);
      return rest;
    }
    // Re-authenticated: auth's broadcast drops the cached session everywhere; this instance does not wait for it.
    if (route.session === 'end' || route.session === 'confirm') this.sessions.forget(input.sessionToken);
    if (route.session === 'end') {
      this.sessions.clearSessionCookie(res);
    }
    return reply;
  }
}
