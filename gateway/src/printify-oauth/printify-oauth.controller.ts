import { createHash } from 'node:crypto';
import { Controller, Inject, Module, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { authorizationCallbackQuery, ENDPOINTS, PRINTIFY_OAUTH_RETURN_PATH, PUBLISHING } from '@printloom/contracts';
import { RpcClient } from '@printloom/service-kit';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { SessionService, type SignedInUser } from '../session/session.service.js';
import { RouteEndpoint, SignedIn } from '../routes/route-endpoint.decorator.js';
import { validateInput } from '../http/validate.js';
import { clientIp, requestIdOf } from '../http/request.js';

/** Where Printify sends the browser back (accept and decline alike): built with URL so a PUBLIC_URL ending in `/` never yields `//api`. */
export const printifyCallbackUrl = (publicUrl: string) => new URL(ENDPOINTS.finishPrintifyAuthorization.path, publicUrl).toString();

/**
 * Printify's OAuth 2.0 connect: a redirect to Printify's authorize page and Printify's redirect back.
 * The state is bound to this session by a hash of its token (the token itself never leaves the gateway).
 */
@Controller()
export class PrintifyOauthController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly sessions: SessionService,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @RouteEndpoint('authorizePrintify')
  async authorize(@SignedIn() { userId }: SignedInUser, @Req() req: Request, @Res() res: Response) {
    const { url } = await this.rpc.request(
      PUBLISHING.startAuthorization,
      { userId, ip: clientIp(req), sessionKey: this.sessionKeyOf(req), callbackUrl: printifyCallbackUrl(this.config.PUBLIC_URL) },
      { requestId: requestIdOf(req) },
    );
    res.setHeader('cache-control', 'no-store');
    res.redirect(302, url);
  }

  @RouteEndpoint('finishPrintifyAuthorization')
  async callback(@SignedIn() { userId }: SignedInUser, @Req() req: Request, @Res() res: Response) {
    const query = validateInput(authorizationCallbackQuery, req.query);
    const { outcome, message } = await this.rpc.request(
      PUBLISHING.finishAuthorization,
      { ...query, userId, sessionKey: this.sessionKeyOf(req), callbackUrl: printifyCallbackUrl(this.config.PUBLIC_URL) },
      { requestId: requestIdOf(req) },
    );
    const back = new URLSearchParams({ printify: outcome, ...(message ? { message } : {}) });
    res.setHeader('cache-control', 'no-store');
    res.redirect(302, `${PRINTIFY_OAUTH_RETURN_PATH}?${back.toString()}#connections`);
  }

  private sessionKeyOf(req: Request): string {
    return createHash('sha256')
      .update(`printify-oauth:${this.sessions.tokenOf(req) ?? ''}`)
      .digest('hex');
  }
}

@Module({ controllers: [PrintifyOauthController] })
export class PrintifyOauthModule {}
