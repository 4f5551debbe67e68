import { Controller, Inject, Next, Req, Res } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import passport from 'passport';
import { AppError, AUTH, GOOGLE_SIGNUP_PARAM } from '@printloom/contracts';
import { LOGGER, RpcClient, type Logger } from '@printloom/service-kit';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { SessionService } from '../session/session.service.js';
import { clientIp, requestIdOf } from '../http/request.js';
import { RouteEndpoint } from '../routes/route-endpoint.decorator.js';
import { createGoogleStrategy, GOOGLE_STRATEGY, isGoogleConfigured, type GoogleIdentity } from './google.strategy.js';

const NOT_CONFIGURED = 'Google sign-in is not available on this server. Please use your email and password.';
const FAILED = 'Google sign-in failed. Please try again.';

/** Google sign-in: a browser navigation that ends on /generate with a session, or on /auth with an error. */
@Controller()
export class GoogleAuthController {
  private readonly authenticator: passport.Authenticator;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly rpc: RpcClient,
    private readonly sessions: SessionService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.authenticator = new passport.Authenticator();
    if (isGoogleConfigured(config)) this.authenticator.use(GOOGLE_STRATEGY, createGoogleStrategy(config));
  }

  @RouteEndpoint('startGoogleSignIn')
  start(@Req() req: Request, @Res() res: Response, @Next() next: NextFunction) {
    if (!isGoogleConfigured(this.config)) return this.backToAuth(res, NOT_CONFIGURED);
    this.authenticator.authenticate(GOOGLE_STRATEGY, { session: false })(req, res, next);
  }

  @RouteEndpoint('finishGoogleSignIn')
  callback(@Req() req: Request, @Res() res: Response, @Next() next: NextFunction) {
    if (!isGoogleConfigured(this.config)) return this.backToAuth(res, NOT_CONFIGURED);
    this.authenticator.authenticate(
      GOOGLE_STRATEGY,
      { session: false },
      (error: unknown, identity: GoogleIdentity | false, info?: { message?: string }) => {
        if (error || !identity) {
          if (error) this.logger.warn({ err: error, requestId: requestIdOf(req) }, 'Google sign-in failed');
          return this.backToAuth(res, info?.message ?? FAILED);
        }
        this.signIn(req, res, identity).catch((signInError: unknown) => {
          const message = signInError instanceof AppError && signInError.code !== 'INTERNAL' ? signInError.message : FAILED;
          this.backToAuth(res, message);
        });
      },
    )(req, res, next);
  }

  private async signIn(req: Request, res: Response, identity: GoogleIdentity) {
    const reply = await this.rpc.request(AUTH.googleSignIn, { ...identity, ip: clientIp(req) }, { requestId: requestIdOf(req) });
    this.sessions.setSessionCookie(res, reply.session);
    // A new account: the app reports signup, email_verified and trial_credits_granted once.
    res.redirect(302, reply.signedUp ? `/generate?${GOOGLE_SIGNUP_PARAM}=1` : '/generate');
  }

  private backToAuth(res: Response, message: string) {
    res.redirect(302, `/auth?error=${encodeURIComponent(message)}`);
  }
}
