import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  PRINTIFY_OAUTH_STATE_TTL_MS,
  PUBLISHING_MESSAGES,
  type PUBLISHING,
  type RpcReply,
  type RpcRequest,
} from '@printloom/contracts';
import { LOGGER, type Logger } from '@printloom/service-kit';
import type { PublishingConfig } from '../config.js';
import { PUBLISHING_CONFIG, TOKEN_CIPHER } from '../publishing.tokens.js';
import { ConnectionRepository } from '../repositories/connection.repository.js';
import { PrintifyAccess } from '../printify/printify-access.js';
import { GrantRefused } from '../printify/printify-grant.js';
import { PrintifyUnavailable } from '../printify/printify-client.js';
import { PublishingService } from '../publishing.service.js';
import { refreshContext, tokenHintOf, type TokenCipher } from './token-cipher.js';

const hashOf = (state: string) => createHash('sha256').update(state).digest('hex');

/**
 * Printify's OAuth 2.0 connect (a registered app, PRINTIFY_APP_ID): the authorize URL with a state that
 * is single-use, valid 10 minutes and bound to the session that asked for it (kept hashed), and the
 * callback's code exchanged for a grant, checked as a token is, and stored sealed with its refresh token.
 */
@Injectable()
export class PrintifyAuthorization {
  constructor(
    private readonly connections: ConnectionRepository,
    private readonly access: PrintifyAccess,
    private readonly publishing: PublishingService,
    @Inject(TOKEN_CIPHER) private readonly cipher: TokenCipher,
    @Inject(PUBLISHING_CONFIG) private readonly config: PublishingConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async start(request: RpcRequest<typeof PUBLISHING.startAuthorization>): Promise<RpcReply<typeof PUBLISHING.startAuthorization>> {
    const appId = this.config.PRINTIFY_APP_ID;
    if (!appId) throw new AppError('NOT_FOUND', PUBLISHING_MESSAGES.oauthUnavailable);
    await this.access.admitConnect(request.userId, request.ip);
    const state = randomBytes(32).toString('base64url');
    await this.connections.saveState(hashOf(state), {
      userId: request.userId,
      sessionKey: request.sessionKey,
      expiresAt: new Date(Date.now() + PRINTIFY_OAUTH_STATE_TTL_MS),
    });
    const url = new URL(this.config.PRINTIFY_AUTHORIZE_URL);
    url.searchParams.set('app_id', appId);
    url.searchParams.set('accept_url', request.callbackUrl);
    url.searchParams.set('decline_url', request.callbackUrl);
    url.searchParams.set('state', state);
    return { url: url.toString() };
  }

  async finish(request: RpcRequest<typeof PUBLISHING.finishAuthorization>): Promise<RpcReply<typeof PUBLISHING.finishAuthorization>> {
    const grants = this.access.grantClient();
    if (!grants) throw new AppError('NOT_FOUND', PUBLISHING_MESSAGES.oauthUnavailable);
    const state = await this.connections.takeState(hashOf(request.state));
    if (!state || state.expiresAt.getTime() <= Date.now() || state.userId !== request.userId || state.sessionKey !== request.sessionKey)
      throw new AppError('BAD_REQUEST', PUBLISHING_MESSAGES.oauthStateRefused);
    if (request.error || !request.code) {
      this.logger.info({ userId: request.userId, error: request.error }, 'Printify authorization declined');
      return { outcome: 'declined', message: PUBLISHING_MESSAGES.oauthDeclined };
    }
    let grant;
    try {
      grant = await grants.exchange(request.code);
    } catch (error) {
      if (error instanceof GrantRefused || error instanceof PrintifyUnavailable) {
        this.logger.warn({ userId: request.userId, error: error.message }, 'Printify authorization code not exchanged');
        return { outcome: 'failed', message: PUBLISHING_MESSAGES.oauthExchangeFailed };
      }
      throw error;
    }
    let shops;
    try {
      shops = await this.publishing.checkToken(grant.accessToken);
    } catch (error) {
      if (error instanceof AppError) return { outcome: 'failed', message: error.message };
      throw error;
    }
    if (shops.length === 0) return { outcome: 'failed', message: PUBLISHING_MESSAGES.noShop };
    const access = this.cipher.seal(grant.accessToken, request.userId);
    const refresh = this.cipher.seal(grant.refreshToken, refreshContext(request.userId));
    await this.connections.save({
      userId: request.userId,
      tokenSealed: access.sealed,
      tokenKeyId: access.keyId,
      tokenHint: tokenHintOf(grant.accessToken),
      shopId: shops.length === 1 ? shops[0]!.id : null,
      shops: shops.map((shop) => ({ id: shop.id, title: shop.title, salesChannel: shop.sales_channel })),
      refreshSealed: refresh.sealed,
      accessExpiresAt: grant.expiresAt,
    });
    this.logger.info({ userId: request.userId, shops: shops.length }, 'Printify connected with OAuth');
    return { outcome: 'connected', message: PUBLISHING_MESSAGES.oauthConnected };
  }
}
