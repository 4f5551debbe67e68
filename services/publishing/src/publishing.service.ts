import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  ASSETS,
  BILLING,
  BULK_JOB,
  BULK_JOB_MESSAGES,
  LIMITS,
  MESSAGES,
  PUBLISHING_MESSAGES,
  noSalesChannelMessage,
  missingScopesMessage,
  type PrintifyReadScope,
  statusesOfState,
  type ConnectionState,
  type Publication,
  type RpcReply,
  type RpcRequest,
  type PUBLISHING,
} from '@printloom/contracts';
import { LOGGER, RpcClient, type Logger } from '@printloom/service-kit';
import type { PublishingConfig } from './config.js';
import { PUBLICATION_QUEUE, PUBLISHING_CONFIG, TOKEN_CIPHER } from './publishing.tokens.js';
import { ConnectionKeyGone, openStoredToken, refreshContext, tokenHintOf, type TokenCipher } from './connections/token-cipher.js';
import { ConnectionRepository } from './repositories/connection.repository.js';
import { checklistOf } from './connections/checklist-of.js';
import { currentConnectionKey } from './connections/connection-key.js';
import { PublicationRepository, publicationView, type StoredPublication } from './repositories/publication.repository.js';
import { PrintLinkRepository } from './repositories/print-link.repository.js';
import { TemplateRepository } from './repositories/template.repository.js';
import { PrintifyAccess } from './printify/printify-access.js';
import { PrintifyRateLimited, PrintifyRejected, PrintifyUnavailable, type PrintifyShopInfo } from './printify/printify-client.js';
import { TemplateCatalogue } from './templates/template-catalogue.js';
import type { PublicationQueue } from './publications/publication-queue.js';
import { requirePublishingPlan } from './publications/publishing-plan.js';

const NO_PUBLICATION = 'Not found';
/** Assets' answer for a design that is not the seller's (or no longer in the library), as a direct request gets it. */
const DESIGN_NOT_FOUND = MESSAGES.imageNotFound;
/** Draft steps of a collection queued at once (JetStream publishes awaiting their acknowledgements together). */
const QUEUED_AT_ONCE = 100;

@Injectable()
export class PublishingService {
  constructor(
    private readonly connections: ConnectionRepository,
    private readonly publications: PublicationRepository,
    private readonly links: PrintLinkRepository,
    private readonly ownTemplates: TemplateRepository,
    private readonly templates: TemplateCatalogue,
    private readonly access: PrintifyAccess,
    private readonly rpc: RpcClient,
    @Inject(TOKEN_CIPHER) private readonly cipher: TokenCipher,
    @Inject(PUBLICATION_QUEUE) private readonly queue: PublicationQueue,
    @Inject(PUBLISHING_CONFIG) private readonly config: PublishingConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  // ---- Connections --------------------------------------------------------------------------------

  /** Checks the token with Printify (see checkToken), stores it sealed, answers the state (never the token). */
  async connect(request: RpcRequest<typeof PUBLISHING.connect>): Promise<ConnectionState> {
    const { userId } = request;
    await this.access.admitConnect(userId, request.ip);
    const stored = await this.connections.find(userId);
    const token = request.token ?? (stored ? openStoredToken(this.cipher, stored) : undefined);
    if (!token) throw new AppError('BAD_REQUEST', PUBLISHING_MESSAGES.tokenRequired);
    const shops = await this.checkToken(token);
    if (shops.length === 0) throw new AppError('UNPROCESSABLE', PUBLISHING_MESSAGES.noShop);
    if (request.shopId !== undefined && !shops.some((shop) => shop.id === request.shopId))
      throw new AppError('UNPROCESSABLE', PUBLISHING_MESSAGES.unknownShop);
    const shopId = request.shopId ?? (shops.length === 1 ? shops[0]!.id : null);
    const sealed = this.cipher.seal(token, userId);
    await this.connections.save({
      userId,
      tokenSealed: sealed.sealed,
      tokenKeyId: sealed.keyId,
      tokenHint: tokenHintOf(token),
      shopId,
      shops: shops.map((shop) => ({ id: shop.id, title: shop.title, salesChannel: shop.sales_channel })),
      // Picking a shop of a grant (no new token) keeps its refresh token and expiry.
      ...(request.token === undefined && stored ? { refreshSealed: stored.refreshSealed, accessExpiresAt: stored.accessExpiresAt } : {}),
    });
    this.logger.info({ userId, shops: shops.length, shopChosen: shopId !== null }, 'Printify connected');
    return this.state(userId);
  }

  /**
   * Tries what a token can do without writing anything (Printify offers no way to read its scopes):
   * `shops.json` (shops.read), the catalogue (catalog.read) and the first shop's `products.json`
   * (products.read). A 401 is a token Printify refuses; each 403 names its scope in one refusal.
   * Checked without the connection's limits: a few requests, before there is a connection.
   */
  async checkToken(token: string): Promise<PrintifyShopInfo[]> {
    const client = this.access.client(token, null);
    const missing: PrintifyReadScope[] = [];
    const attempt = async <T>(scope: PrintifyReadScope, request: () => Promise<T>): Promise<T | null> => {
      try {
        return await request();
      } catch (error) {
        if (error instanceof PrintifyRejected && error.forbidden) {
          missing.push(scope);
          return null;
        }
        if (error instanceof PrintifyRejected) throw new AppError('UNPROCESSABLE', PUBLISHING_MESSAGES.tokenRefused);
        if (error instanceof PrintifyUnavailable || error instanceof PrintifyRateLimited)
          throw new AppError('UPSTREAM_FAILED', PUBLISHING_MESSAGES.printifyUnavailable);
        throw error;
      }
    };
    const shops = await attempt('shops.read', () => client.shops());
    await attempt('catalog.read', () => client.blueprints());
    if (shops && shops.length > 0) await attempt('products.read', () => client.products(shops[0]!.id, 1, 1));
    if (missing.length > 0)
      throw new AppError('UNPROCESSABLE', missingScopesMessage(missing), { reason: 'MISSING_PERMISSION', missingScopes: missing });
    return shops ?? [];
  }

  async state(userId: string): Promise<ConnectionState> {
    const [stored, entitlements] = await Promise.all([this.connections.find(userId), this.rpc.request(BILLING.entitlements, { userId })]);
    const localShop = stored === null && this.config.LOCAL_SHOP;
    return {
      connected: stored !== null,
      shops: stored?.shops ?? [],
      shopId: stored?.shopId ?? null,
      tokenHint: stored?.tokenHint ?? null,
      localShop,
      ...(localShop && this.config.LOCAL_SHOP_PAGE_URL ? { localShopUrl: this.config.LOCAL_SHOP_PAGE_URL } : {}),
      allowed: entitlements.commercialLicense,
      ...(entitlements.commercialLicense ? {} : { upgradeMessage: PUBLISHING_MESSAGES.planRequired }),
      checklist: checklistOf(stored),
      oauthAvailable: Boolean(this.config.PRINTIFY_APP_ID),
      via: stored ? (stored.refreshSealed ? 'oauth' : 'token') : null,
      needsReconnect: stored?.needsReconnect ?? false,
    };
  }

  /** Forgets the token at once (the row and its sealed token are deleted). */
  async disconnect(userId: string): Promise<ConnectionState> {
    await this.connections.deleteFor(userId);
    return this.state(userId);
  }

  /** After a rotation of CONNECTIONS_KEY: tokens sealed with an older key are sealed again with the current one. */
  async resealTokens(): Promise<number> {
    const stale = await this.connections.sealedWithOtherKey(this.cipher.currentKeyId);
    let resealed = 0;
    for (const connection of stale) {
      let token: string;
      try {
        token = this.cipher.open({ keyId: connection.tokenKeyId, sealed: connection.tokenSealed }, connection.userId);
      } catch (error) {
        // Its key is gone: the token can never be read again (its seller is asked to reconnect), and start-up goes on.
        if (!(error instanceof ConnectionKeyGone)) throw error;
        this.logger.warn(
          { userId: connection.userId, keyId: error.keyId },
          'A Printify token sealed with a key that is gone: not re-sealed',
        );
        continue;
      }
      const sealed = this.cipher.seal(token, connection.userId);
      // A grant's refresh token is sealed with the same key as its access token (its own context).
      const refresh = connection.refreshSealed
        ? this.cipher.seal(
            this.cipher.open({ keyId: connection.tokenKeyId, sealed: connection.refreshSealed }, refreshContext(connection.userId)),
            refreshContext(connection.userId),
          ).sealed
        : null;
      await this.connections.reseal(connection.userId, connection.tokenKeyId, sealed.sealed, sealed.keyId, refresh);
      resealed += 1;
    }
    if (resealed > 0) this.logger.info({ count: resealed, keyId: this.cipher.currentKeyId }, 'Printify tokens sealed with the current key');
    return resealed;
  }

  // ---- Publications -------------------------------------------------------------------------------

  /**
   * One publication per design, queued at once (the work runs on the queue, never in this request). A
   * design that already has a live publication of the template is not made again: it is answered as it
   * is and named in `skipped`.
   */
  async create(request: RpcRequest<typeof PUBLISHING.createPublications>): Promise<RpcReply<typeof PUBLISHING.createPublications>> {
    const { userId, templateId } = request;
    await requirePublishingPlan(this.rpc, userId);
    if (!(await this.templates.find(userId, templateId))) throw new AppError('NOT_FOUND', PUBLISHING_MESSAGES.unknownTemplate);
    const connection = await this.access.resolve(userId);
    const assetIds = await this.designsToPublish(userId, request);
    const made = await this.publications.createManyOrGet(
      { userId, assetIds, templateId, connectionKey: connection.connectionKey },
      randomUUID,
    );
    const toQueue = made.filter((item) => item.queue).map((item) => item.publication);
    // A collection's steps are queued a slice at a time: their acknowledgements overlap, not one round trip each.
    for (let start = 0; start < toQueue.length; start += QUEUED_AT_ONCE)
      await Promise.all(
        toQueue
          .slice(start, start + QUEUED_AT_ONCE)
          .map((publication) =>
            this.queue.publish({ publicationId: publication.id, step: 'draft' }, String(publication.updatedAt.getTime())),
          ),
      );
    const skipped = made.filter((item) => item.existed).map((item) => item.publication.assetId);
    if (skipped.length > 0)
      this.logger.info({ userId, templateId, skipped: skipped.length }, 'Designs with a draft already: not made again');
    const answered = await Promise.all(made.map((item) => this.view(item.publication)));
    return { publications: answered, skipped };
  }

  /**
   * Picked designs must all be the seller's (another's answers 404, and nothing is queued). A whole
   * collection's designs are those still in the library (another seller's collection answers 404).
   * Either way one request to assets, whatever the number of designs.
   */
  private async designsToPublish(userId: string, request: { assetIds?: string[]; batchId?: string }): Promise<string[]> {
    if (!request.batchId) {
      const assetIds = [...new Set(request.assetIds)];
      const { designs } = await this.rpc.request(ASSETS.resolveSelection, { userId, ids: assetIds });
      if (designs.length !== assetIds.length) throw new AppError('NOT_FOUND', DESIGN_NOT_FOUND);
      return assetIds;
    }
    const { designs } = await this.rpc.request(ASSETS.resolveSelection, {
      userId,
      batchId: request.batchId,
      limit: BULK_JOB.maxDesigns + 1,
    });
    if (designs.length === 0) throw new AppError('CONFLICT', BULK_JOB_MESSAGES.batchEmpty);
    if (designs.length > BULK_JOB.maxDesigns) throw new AppError('UNPROCESSABLE', BULK_JOB_MESSAGES.tooManyDesigns);
    return designs.map((design) => design.assetId);
  }

  async list(request: RpcRequest<typeof PUBLISHING.listPublications>): Promise<{ publications: Publication[] }> {
    const publications = await this.publications.listOf(request.userId, request.assetId);
    return { publications: await Promise.all(publications.map((publication) => this.view(publication))) };
  }

  /**
   * Per asked design and template: published or a draft (over every connection), and whether a draft is
   * in the shop drafts go to now, the rule `create` skips a design by (a draft in a shop no longer
   * connected does not block a new one). One query, whatever the number of the seller's publications.
   */
  async summary(request: RpcRequest<typeof PUBLISHING.publicationSummary>): Promise<RpcReply<typeof PUBLISHING.publicationSummary>> {
    const { userId, assetIds } = request;
    const stored = await this.connections.find(userId);
    const currentKey = currentConnectionKey(userId, stored, this.config.LOCAL_SHOP);
    const rows = await this.publications.summaryOf(
      userId,
      assetIds,
      { published: statusesOfState('published'), draft: statusesOfState('draft') },
      currentKey,
    );
    return {
      designs: assetIds.map((assetId) => ({
        assetId,
        templates: rows
          .filter((row) => row.assetId === assetId)
          .map((row) => ({
            templateId: row.templateId,
            state: row.published ? ('published' as const) : row.drafted ? ('draft' as const) : null,
            draftInCurrentShop: row.inCurrentShop,
          })),
      })),
    };
  }

  /** The seller's designs that have a draft (or one on its way), or that are published: the library filters by them. */
  async publishedDesigns(request: RpcRequest<typeof PUBLISHING.publishedDesigns>): Promise<{ assetIds: string[] }> {
    const statuses = statusesOfState(request.state);
    return { assetIds: await this.publications.designsWithStatus(request.userId, statuses, LIMITS.publicationFilterDesigns) };
  }

  /** A draft (or one whose publishing failed) goes in the connection's line of publishes; the queue publishes it within Printify's 30-minute cap. */
  async publish(request: RpcRequest<typeof PUBLISHING.publish>): Promise<{ publication: Publication }> {
    const { userId, publicationId } = request;
    const current = await this.publications.findOwned(userId, publicationId);
    if (!current) throw new AppError('NOT_FOUND', NO_PUBLICATION);
    await requirePublishingPlan(this.rpc, userId);
    if (['publish_waiting', 'publishing', 'published'].includes(current.status)) return { publication: await this.view(current) };
    // A shop with no sales channel publishes nowhere: said before anything is sent.
    const stored = await this.connections.find(userId);
    const shop = stored?.shops.find((candidate) => candidate.id === stored.shopId);
    if (shop?.salesChannel === 'disconnected') throw new AppError('UNPROCESSABLE', noSalesChannelMessage(shop.title));
    const waiting = await this.publications.requestPublish(userId, publicationId);
    if (!waiting) throw new AppError('CONFLICT', PUBLISHING_MESSAGES.notADraft);
    await this.queue.publish({ publicationId, step: 'publish' }, String(waiting.publishRequestedAt?.getTime() ?? 0));
    return { publication: await this.view(waiting) };
  }

  /** The seller looked at the review (risk, rule) and goes on: the draft is made. */
  async confirm(request: RpcRequest<typeof PUBLISHING.confirm>): Promise<{ publication: Publication }> {
    const current = await this.publications.findOwned(request.userId, request.publicationId);
    if (!current) throw new AppError('NOT_FOUND', NO_PUBLICATION);
    const confirmed = await this.publications.confirm(request.userId, request.publicationId);
    if (!confirmed) throw new AppError('CONFLICT', PUBLISHING_MESSAGES.notForReview);
    await this.queue.publish({ publicationId: confirmed.id, step: 'draft' }, `confirmed-${confirmed.updatedAt.getTime()}`);
    return { publication: await this.view(confirmed) };
  }

  async resolvePrintLink(token: string): Promise<RpcReply<typeof PUBLISHING.resolvePrintLink>> {
    const link = await this.links.resolve(token);
    if (!link) throw new AppError('NOT_FOUND', 'This print-file link has expired or does not exist.');
    return link;
  }

  async exportData(userId: string): Promise<RpcReply<typeof PUBLISHING.exportData>> {
    const [connection, templates, publications] = await Promise.all([
      this.connections.find(userId),
      this.ownTemplates.allOf(userId),
      this.publications.allOf(userId),
    ]);
    return {
      // Never the token: its hint and shop only.
      connection: connection
        ? { shopId: connection.shopId, tokenHint: connection.tokenHint, createdAt: connection.createdAt.toISOString() }
        : null,
      templates,
      publications: publications.map((publication) => publicationView(publication)),
    };
  }

  private async view(publication: StoredPublication): Promise<Publication> {
    const place = publication.status === 'publish_waiting' ? await this.publications.placeInLine(publication) : undefined;
    return publicationView(publication, place);
  }
}
