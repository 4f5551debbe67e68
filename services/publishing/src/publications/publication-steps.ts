import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  ASSETS,
  EXPORT_RENDER_TIMEOUT_MS,
  LISTINGS,
  PUBLISHING_MESSAGES,
  publishFailedMessage,
  TRADEMARK_RISK_RULE,
  productClassesOf,
  type PublicationErrorCode,
  type PublicationStatus,
} from '@printloom/contracts';
import { LOGGER, RpcClient, type Logger } from '@printloom/service-kit';
import type { PublishingConfig } from '../config.js';
import { PUBLICATION_QUEUE, PUBLISHING_CONFIG } from '../publishing.tokens.js';
import { PrintifyAccess, type ResolvedConnection } from '../printify/printify-access.js';
import { fetchMockup } from '../printify/mockup-fetch.js';
import { libraryMockupsOf } from '../printify/mockup-choice.js';
import { withPrintifyReason } from '../printify/printify-words.js';
import { refusalOf } from './printify-refusal.js';
import { PrintifyRateLimited, PrintifyRejected, PrintifyUnavailable } from '../printify/printify-client.js';
import { PublicationRepository, type StoredPublication } from '../repositories/publication.repository.js';
import { PrintLinkRepository } from '../repositories/print-link.repository.js';
import { productDraft, resolveVariants, type Garment } from '../templates/placement.js';
import { TemplateCatalogue } from '../templates/template-catalogue.js';
import type { PublicationQueue, PublicationWork } from './publication-queue.js';
import { isPlanRequired, requirePublishingPlan } from './publishing-plan.js';
import type { PublicationSteps, StepOutcome } from './publication-worker.js';
import { findProductByReference, PRODUCTS_PAGE_LIMIT } from './product-adoption.js';

/** Signed print-file links are valid this long: Printify fetches the file right after the upload request. */
export const PRINT_LINK_VALID_MS = 15 * 60_000;
/** Mockups are looked for at most this many times after a draft is created. */
const MOCKUP_LOOKS = 20;
const DONE: StepOutcome = { done: true };
/** The statuses of a publication with a draft: its mockups can be looked for. */
const MOCKUPS_STEP_STATUSES: PublicationStatus[] = ['draft_created', 'publish_waiting', 'publishing', 'published', 'publish_failed'];

/** The wait before the next look at a publishing product: as long as has passed since `publish.json` (doubling), within bounds. */
export const publishPollDelay = (waitedMs: number, limits: { PUBLISH_POLL_FIRST_MS: number; PUBLISH_POLL_MAX_MS: number }) =>
  Math.min(limits.PUBLISH_POLL_MAX_MS, Math.max(limits.PUBLISH_POLL_FIRST_MS, waitedMs));

/** The deterministic reference a product carries: its print files' names start with it. */
export const externalReferenceOf = (publicationId: string) => `printloom-${publicationId}`;

class StepFailure extends Error {
  constructor(
    readonly code: PublicationErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The work of one publication, one step per queue message: `draft` (listing, print files, product),
 * `mockups` (Printify's mockups once drawn) and `publish`. Each step starts by taking a lease on the
 * publication in PostgreSQL and works from its recorded state, so a redelivered message (a worker that
 * died, a restart) redoes only what is missing. Never two products for one publication: the product's
 * print files are named after the publication (`printloom-<id>-<garment>.png`), and the moment before
 * the create request is recorded; a step that finds that mark without a product id looks the product
 * up in the shop by that name before creating one.
 */
@Injectable()
export class PublicationStepsService implements PublicationSteps {
  constructor(
    private readonly publications: PublicationRepository,
    private readonly links: PrintLinkRepository,
    private readonly access: PrintifyAccess,
    private readonly templates: TemplateCatalogue,
    private readonly rpc: RpcClient,
    @Inject(PUBLICATION_QUEUE) private readonly queue: PublicationQueue,
    @Inject(PUBLISHING_CONFIG) private readonly config: PublishingConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async run(work: PublicationWork, deliveryCount: number): Promise<StepOutcome> {
    const leaseMs = this.config.PUBLISHING_ACK_WAIT_MS;
    const claimed =
      work.step === 'draft'
        ? await this.publications.claimForDraft(work.publicationId, leaseMs)
        : work.step === 'publish'
          ? await this.publications.claim(work.publicationId, ['publish_waiting', 'publishing'], leaseMs)
          : await this.publications.claim(work.publicationId, MOCKUPS_STEP_STATUSES, leaseMs);
    if (!claimed) {
      const current = await this.publications.find(work.publicationId);
      const stillToDo =
        current &&
        ((work.step === 'draft' && (current.status === 'queued' || current.status === 'uploading')) ||
          (work.step === 'publish' && (current.status === 'publish_waiting' || current.status === 'publishing')));
      // Another worker holds it (its lease runs out if it died): look again shortly.
      if (stillToDo) return { retryInMs: this.config.PUBLISHING_HELD_RETRY_MS };
      if (current && work.step === 'draft') await this.queueMockupsAgain(current);
      return DONE;
    }
    const renew = setInterval(
      () => void this.publications.extendLease(claimed.id, leaseMs).catch(() => undefined),
      Math.max(500, leaseMs / 3),
    );
    try {
      if (work.step === 'draft') return await this.draft(claimed);
      if (work.step === 'publish') return await this.publish(claimed);
      return await this.mockups(claimed, work, deliveryCount);
    } catch (error) {
      return await this.outcomeOf(claimed, work, error);
    } finally {
      clearInterval(renew);
      await this.publications.release(claimed.id);
    }
  }

  private async draft(publication: StoredPublication): Promise<StepOutcome> {
    const { userId, assetId } = publication;
    await requirePublishingPlan(this.rpc, userId);
    const connection = await this.connectionFor(publication);
    const template = await this.templates.find(userId, publication.templateId);
    if (!template) throw new StepFailure('PRINTIFY_REJECTED', PUBLISHING_MESSAGES.unknownTemplate);

    // The design's Etsy listing (written first when it has none): its title, tags and description, its
    // risks rated for the template's product (an exact live mark for mugs holds a mug for review).
    const classes = productClassesOf(template.blueprintId);
    const { listing } = await this.rpc.request(LISTINGS.write, { userId, assetId, target: 'etsy', classes });
    await this.publications.recordTitle(publication.id, listing.title);
    if (!publication.confirmed) {
      const review = [
        ...listing.risks
          .filter((risk) => risk.level === 'high')
          .map((risk) => `Trademark risk: "${risk.term}" is close to the registered mark "${risk.mark}"`),
        // A high-risk phrase in the title or tags is already named above, from the risk itself.
        ...listing.problems.filter((problem) => problem.rule !== TRADEMARK_RISK_RULE).map((problem) => problem.message),
      ];
      if (review.length > 0) {
        await this.publications.setStatus(publication.id, 'needs_review', { review });
        return DONE;
      }
    }
    if (publication.status !== 'uploading') await this.publications.setStatus(publication.id, 'uploading');

    const catalogue = await this.templates.catalogueOf(connection, template);
    if (!catalogue) throw new StepFailure('PRINTIFY_REJECTED', PUBLISHING_MESSAGES.noPrintProvider);
    await this.publications.recordPrintProvider(publication.id, catalogue.id);
    const resolved = resolveVariants(template, catalogue.variants, undefined, catalogue.title);
    const garments = (['light', 'dark'] as const).filter((garment) => resolved.groups[garment]?.length);
    if (garments.length === 0)
      throw new StepFailure(
        'PRINTIFY_REJECTED',
        `None of the template's variants are offered: ${resolved.missing.map((entry) => entry.label).join(', ')}`,
      );

    const files: Partial<Record<Garment, { id: string; width: number; height: number }>> = {};
    // Both garments at once: each file is made (within the seller's share of exports: past it, the step
    // waits) before its link is offered, so Printify's download streams a file that exists.
    await Promise.all(
      garments.map(async (garment) => {
        const uploaded = publication.uploads[garment];
        if (uploaded) {
          files[garment] = uploaded;
          return;
        }
        // No seller waits on a draft's print file: assets makes it at background priority.
        await this.rpc.request(
          ASSETS.resolveDownload,
          { userId, assetId, garment, background: true },
          { timeoutMs: EXPORT_RENDER_TIMEOUT_MS },
        );
        const token = await this.links.create(userId, assetId, garment, PRINT_LINK_VALID_MS);
        const url = `${this.config.PUBLIC_URL.replace(/\/$/, '')}/api/print-files/${token}`;
        const upload = await connection.client.uploadByUrl(`${externalReferenceOf(publication.id)}-${garment}.png`, url);
        files[garment] = { id: upload.id, width: upload.width, height: upload.height };
        await this.publications.recordUpload(publication.id, garment, files[garment]!);
      }),
    );

    if (publication.createAttemptedAt) {
      const existing = await this.findByReference(connection, publication);
      if (existing) return this.drafted(publication, connection, existing);
    }
    await this.publications.markCreateAttempted(publication.id);
    const product = await connection.client.createProduct(
      connection.shopId,
      productDraft(template, catalogue.id, resolved, files, { title: listing.title, description: listing.description, tags: listing.tags }),
    );
    return this.drafted(publication, connection, product.id, libraryMockupsOf(product.images));
  }

  /** The draft recorded and its mockups step queued, with the mockups the create answer listed when there is one. */
  private async drafted(
    publication: StoredPublication,
    connection: ResolvedConnection,
    productId: string,
    mockups: string[] = [],
  ): Promise<StepOutcome> {
    await this.publications.recordDraft(publication.id, productId, this.access.productUrl(connection, productId));
    await this.queue.publish({ publicationId: publication.id, step: 'mockups', ...(mockups.length > 0 ? { mockups } : {}) }, productId);
    return DONE;
  }

  /**
   * A draft message back after its draft was recorded: the worker that recorded it died before it could
   * acknowledge, perhaps before it queued the mockups step, so that is queued again (once within the
   * queue's dedupe window; a second one finds the mockups kept and stops).
   */
  private async queueMockupsAgain(current: StoredPublication): Promise<void> {
    if (!current.externalId || current.mockups.length > 0 || !MOCKUPS_STEP_STATUSES.includes(current.status)) return;
    await this.queue.publish({ publicationId: current.id, step: 'mockups' }, `${current.externalId}:again`);
  }

  /** The product a create request made before a crash, found by its print files' names (see product-adoption.ts). */
  private async findByReference(connection: ResolvedConnection, publication: StoredPublication): Promise<string | null> {
    const since = (publication.createAttemptedAt?.getTime() ?? 0) - 10 * 60_000;
    const found = await findProductByReference(
      (page) => connection.client.products(connection.shopId, page, PRODUCTS_PAGE_LIMIT),
      externalReferenceOf(publication.id),
      since,
    );
    if (found)
      this.logger.info(
        { publicationId: publication.id, productId: found },
        'Found the product of an interrupted create: adopted, none created',
      );
    return found;
  }

  private async mockups(publication: StoredPublication, work: PublicationWork, deliveryCount: number): Promise<StepOutcome> {
    if (!publication.externalId || publication.mockups.length > 0) return DONE;
    // Printify draws mockups in about a minute: the first look waits that long (no request before).
    const due = (publication.createAttemptedAt?.getTime() ?? 0) + this.config.MOCKUP_POLL_MS - Date.now();
    if (due > 0) return { retryInMs: due };
    // The create answer already listed them: the product is asked for only when that answer is not at hand
    // (a product adopted after a crash, a step queued again).
    let mockups = work.mockups ?? [];
    if (mockups.length === 0) {
      const connection = await this.connectionFor(publication);
      const product = await connection.client.product(connection.shopId, publication.externalId);
      mockups = libraryMockupsOf(product.images);
    }
    if (mockups.length > 0) {
      // Into the library beside the design first, then recorded: a step redone after a crash sends them again.
      await this.keepInLibrary(publication, mockups);
      await this.publications.recordMockups(publication.id, mockups);
      return DONE;
    }
    return deliveryCount < MOCKUP_LOOKS ? { retryInMs: this.config.MOCKUP_POLL_MS } : DONE;
  }

  /**
   * Printify's mockups downloaded (only from its API or images hosts, bounded, JPEG or PNG) and kept by
   * assets beside the design, one message each. One that cannot be fetched is left out, not retried.
   */
  private async keepInLibrary(publication: StoredPublication, urls: string[]): Promise<void> {
    const template = await this.templates.find(publication.userId, publication.templateId);
    const policy = {
      allowedHosts: [
        new URL(this.config.PRINTIFY_API_BASE).host.toLowerCase(),
        ...this.config.PRINTIFY_IMAGES_HOSTS.split(',')
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      ],
      allowPrivate: this.config.LOCAL_SHOP,
    };
    let index = 0;
    for (const url of urls) {
      index += 1;
      let image: Awaited<ReturnType<typeof fetchMockup>>;
      try {
        image = await fetchMockup(url, policy);
      } catch (error) {
        this.logger.warn({ publicationId: publication.id, index, reason: (error as Error).message }, 'A Printify mockup was not fetched');
        continue;
      }
      await this.rpc.request(ASSETS.storeExternalMockups, {
        userId: publication.userId,
        assetId: publication.assetId,
        publicationId: publication.id,
        product: template?.name ?? 'Printify product',
        index,
        contentType: image.contentType,
        base64: image.bytes.toString('base64'),
      });
    }
  }

  /**
   * Publishing as Printify does it: `publish.json` only hands the product to the sales channel (it is
   * locked meanwhile). The step sends it once, then looks at the product 5 s later and after as long
   * again each time (at most 5 minutes apart) until it unlocks: published with its listing's URL, or
   * publish_failed naming the channel. Still locked after 30 minutes, it is given up on.
   */
  private async publish(publication: StoredPublication): Promise<StepOutcome> {
    if (!publication.externalId) return DONE;
    const connection = await this.connectionFor(publication);
    if (publication.status === 'publishing' && publication.publishSentAt) return this.lookAtPublish(publication, connection);
    // The plan as it is when the publish is sent: one that lapsed since the request publishes nothing.
    await requirePublishingPlan(this.rpc, publication.userId);
    if (publication.status === 'publishing') {
      // Sent before a crash, not recorded: a product already locked or listed is not sent again.
      const product = await connection.client.product(connection.shopId, publication.externalId);
      if (product.is_locked || product.external) {
        await this.publications.markPublishSent(publication.id);
        return { retryInMs: this.config.PUBLISH_POLL_FIRST_MS };
      }
    }
    try {
      if (publication.status !== 'publishing') await this.publications.setStatus(publication.id, 'publishing');
      await connection.client.publish(connection.shopId, publication.externalId);
    } catch (error) {
      if (error instanceof PrintifyRateLimited) await this.publications.setStatus(publication.id, 'publish_waiting');
      if (error instanceof PrintifyRejected && !error.accessRefused) {
        await this.publications.failPublish(
          publication.id,
          withPrintifyReason(publishFailedMessage(connection.shop.salesChannel, null), error.reason),
        );
        return DONE;
      }
      throw error;
    }
    await this.publications.markPublishSent(publication.id);
    return { retryInMs: this.config.PUBLISH_POLL_FIRST_MS };
  }

  private async lookAtPublish(publication: StoredPublication, connection: ResolvedConnection): Promise<StepOutcome> {
    const product = await connection.client.product(connection.shopId, publication.externalId!);
    const waited = Date.now() - publication.publishSentAt!.getTime();
    if (product.is_locked) {
      if (waited >= this.config.PUBLISH_GIVE_UP_MS) {
        await this.publications.failPublish(publication.id, PUBLISHING_MESSAGES.stillPublishing);
        return DONE;
      }
      return { retryInMs: publishPollDelay(waited, this.config) };
    }
    if (product.external) {
      await this.publications.recordPublished(publication.id, product.external.handle ?? null);
      return DONE;
    }
    // Unlocked without a listing: the channel refused it, usually without a reason.
    await this.publications.failPublish(publication.id, publishFailedMessage(connection.shop.salesChannel, null));
    return DONE;
  }

  /** The connection the publication was made for; a seller who switched shops or disconnected has none. */
  private async connectionFor(publication: StoredPublication): Promise<ResolvedConnection> {
    let connection: ResolvedConnection;
    try {
      connection = await this.access.resolve(publication.userId);
    } catch (error) {
      if (error instanceof AppError && error.code === 'UNPROCESSABLE') throw new StepFailure('NOT_CONNECTED', error.message);
      throw error;
    }
    if (connection.connectionKey !== publication.connectionKey) throw new StepFailure('NOT_CONNECTED', PUBLISHING_MESSAGES.notConnected);
    return connection;
  }

  /** A rate limit or an outage waits; a 4xx that will not change, and our own refusals, fail with a code. */
  private async outcomeOf(publication: StoredPublication, work: PublicationWork, error: unknown): Promise<StepOutcome> {
    if (error instanceof PrintifyRateLimited) return { retryInMs: error.retryAfterMs };
    // Assets' share of export work for this seller is full: the print file is made on a later turn.
    if (error instanceof AppError && error.code === 'RATE_LIMITED') {
      const seconds = error.details?.retryAfterSeconds;
      return { retryInMs: typeof seconds === 'number' ? Math.max(1, seconds) * 1000 : 10_000 };
    }
    // Assets' background lane is full (its queue is bounded): the print file is made on a later turn.
    if (error instanceof AppError && error.code === 'UNAVAILABLE') return { retryInMs: 5_000 };
    if (error instanceof PrintifyUnavailable) {
      this.logger.warn({ publicationId: publication.id, step: work.step, reason: error.message }, 'Printify unavailable: the step waits');
      return { retryInMs: 30_000 };
    }
    let failure: StepFailure | null = null;
    if (error instanceof StepFailure) failure = error;
    else if (isPlanRequired(error)) failure = new StepFailure('PLAN_REQUIRED', error.message);
    else if (error instanceof PrintifyRejected) failure = this.failureOf(error, work);
    else if (error instanceof AppError && error.code === 'NOT_FOUND')
      failure = new StepFailure('DESIGN_GONE', PUBLISHING_MESSAGES.designGone);
    if (!failure) throw error;
    if (work.step === 'mockups') {
      this.logger.warn({ publicationId: publication.id, code: failure.code }, 'Mockups could not be fetched');
      return DONE;
    }
    this.logger.info({ publicationId: publication.id, step: work.step, code: failure.code }, 'Publication failed');
    await this.publications.fail(publication.id, failure.code, failure.message);
    return DONE;
  }

  private failureOf(error: PrintifyRejected, work: PublicationWork): StepFailure {
    const { code, message } = refusalOf(error, work.step);
    return new StepFailure(code, message);
  }
}
