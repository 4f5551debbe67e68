import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  ASSETS,
  LIMITS,
  RISK_CHECK,
  TRADEMARK_RISK_RULE,
  fieldsHolding,
  inNormalForm,
  isError,
  validateListing,
  type Listing,
  type ListingCopy,
  type ListingProblem,
  type ListingTarget,
  type RpcReply,
  type RpcRequest,
  type LISTINGS,
  type SellerProfile,
  type DenylistEntry as DenylistEntryView,
  type Risk,
  type VariantLetter,
} from '@printloom/contracts';
import { LOGGER, RpcClient, type Logger } from '@printloom/service-kit';
import type { ListingsConfig } from './config.js';
import type { CopyWriter } from './copy/copy-writer.js';
import { writeCheckedCopy } from './copy/checked-copy.js';

import { COPY_WRITER, LISTINGS_CONFIG, LOCAL_COPY_WRITER, RISK_ASSESSOR } from './listings.tokens.js';
import { ListingRepository, type StoredListing } from './repositories/listing.repository.js';
import { SellerProfileRepository } from './repositories/seller-profile.repository.js';
import { CopyUsageRepository } from './repositories/copy-usage.repository.js';
import type { RiskAssessor } from './trademarks/risk-assessor.js';
import { RiskDenylistRepository, type DenylistEntry } from './repositories/risk-denylist.repository.js';
import { RateLimitRepository } from './repositories/rate-limit.repository.js';
import { normaliseText } from './trademarks/normalise.js';
import { ListingMetrics } from './listing-metrics.js';

const NO_LISTING = 'This design has no listing for that marketplace yet: write it first.';
export const TOO_MANY_LISTINGS = `You can write at most ${LIMITS.listingWritesPerHour} listings an hour. Please try again later.`;
const EMPTY_PROFILE: SellerProfile = { shopName: '', brand: '' };
const NO_DENYLIST_ENTRY = 'That phrase is not on your denylist.';
const DENYLIST_PHRASE_UNMATCHABLE = 'phrase: needs a letter from A to Z or a digit (the risk check compares Latin letters and digits)';
export const TOO_MANY_RISK_CHECKS = `You can check at most ${RISK_CHECK.perMinute} texts a minute. Please wait a moment and try again.`;
export const DENYLIST_FULL = `Your denylist holds at most ${LIMITS.sellerDenylistEntries} phrases: remove one first.`;

const denylistView = (entry: DenylistEntry): DenylistEntryView => ({
  id: entry.id,
  phrase: entry.phrase,
  level: entry.level,
  classes: entry.classes as DenylistEntryView['classes'],
  createdAt: entry.createdAt.toISOString(),
});

/** The stored copy in NFC, as it is shown and sent (a listing saved before NFC was enforced included). */
const copyOf = (listing: StoredListing): ListingCopy =>
  inNormalForm({
    title: listing.title,
    tags: listing.tags,
    description: listing.description,
    bullets: listing.bullets,
    brand: listing.brand,
  });

/** A listing's fields, each checked for risks on its own (a tag's or bullet's words never run into the next one's). */
const riskTexts = (copy: ListingCopy): string[] => [
  copy.title,
  copy.tags.join('\n'),
  copy.description,
  copy.bullets.join('\n'),
  copy.brand,
];

/** A Merch listing without a brand says so, but that is the seller profile's gap, not the copy writer's. */
const isWritersProblem = (problem: ListingProblem) => !(problem.field === 'brand' && problem.rule === 'required');

/** What a listing is written from: the design's prompt and its art direction. */
interface DesignWords {
  prompt: string;
  variant?: VariantLetter | null;
}

/** A warning per field for each high-risk phrase in the title or the tags. */
function riskProblems(risks: readonly Risk[]): ListingProblem[] {
  return risks
    .filter((risk) => risk.level === 'high')
    .flatMap((risk) =>
      (['title', 'tags'] as const)
        .filter((field) => risk.fields?.includes(field))
        .map((field) => ({
          field,
          rule: TRADEMARK_RISK_RULE,
          limit: risk.level,
          severity: 'warning' as const,
          message: `${field}: "${risk.term}" is a high trademark risk (${risk.source === 'uspto' ? 'USPTO mark' : 'denylist phrase'} ${risk.mark}): remove it before you sell`,
        })),
    );
}

@Injectable()
export class ListingsService {
  constructor(
    private readonly listings: ListingRepository,
    private readonly profiles: SellerProfileRepository,
    private readonly usage: CopyUsageRepository,
    private readonly denylist: RiskDenylistRepository,
    private readonly rateLimits: RateLimitRepository,
    private readonly rpc: RpcClient,
    private readonly metrics: ListingMetrics,
    @Inject(LISTINGS_CONFIG) private readonly config: ListingsConfig,
    @Inject(COPY_WRITER) private readonly writer: CopyWriter,
    @Inject(LOCAL_COPY_WRITER) private readonly localWriter: CopyWriter,
    @Inject(RISK_ASSESSOR) private readonly risks: RiskAssessor,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * The saved listing, or new copy written, checked and saved (free: no credit moves). Its risks are
   * rated for the product it goes on when `classes` names it (publishing's draft step), otherwise for
   * every ready template's.
   */
  async write(request: RpcRequest<typeof LISTINGS.write>): Promise<{ listing: Listing }> {
    const { userId, assetId, target, classes } = request;
    const saved = await this.listings.findOwned(userId, assetId, target);
    if (saved) return { listing: await this.view(saved, classes) };
    const profile = await this.profiles.find(userId);
    // The design's words, and its owner's word that it is theirs (another user's design answers 404).
    const design = await this.rpc.request(ASSETS.designBrief, { userId, assetId });
    if (!(await this.usage.takeHourly(userId, LIMITS.listingWritesPerHour))) throw new AppError('RATE_LIMITED', TOO_MANY_LISTINGS);
    const { copy, writer } = await this.compose(userId, target, design, profile);
    const stored = await this.listings.insertOrGet(userId, assetId, target, inNormalForm(copy), writer);
    return { listing: await this.view(stored, classes) };
  }

  /**
   * A design's listing for each target of a listing kit: the saved one, or one written now. Kits hold
   * many designs, so a write past the hourly limit is not refused: the local writer (offline, costing
   * nothing) writes it, and the text model is asked only within the limit, as for a single listing.
   */
  async kitListings(request: RpcRequest<typeof LISTINGS.kitListings>): Promise<{ listings: Listing[] }> {
    const { userId, assetId } = request;
    const targets = [...new Set(request.targets)];
    const profile = await this.profiles.find(userId);
    const saved = await Promise.all(targets.map((target) => this.listings.findOwned(userId, assetId, target)));
    // The design's words, and its owner's word that it is theirs (another user's design answers 404).
    const design = saved.some((listing) => !listing) ? await this.rpc.request(ASSETS.designBrief, { userId, assetId }) : undefined;
    const stored = await Promise.all(
      targets.map(async (target, index) => {
        const found = saved[index];
        if (found || !design) return found!;
        const { copy, writer } = (await this.usage.takeHourly(userId, LIMITS.listingWritesPerHour))
          ? await this.compose(userId, target, design, profile)
          : await this.composeLocally(userId, target, design, profile);
        return this.listings.insertOrGet(userId, assetId, target, inNormalForm(copy), writer);
      }),
    );
    return { listings: await Promise.all(stored.map((listing) => this.view(listing))) };
  }

  async get(request: RpcRequest<typeof LISTINGS.get>): Promise<{ listing: Listing }> {
    const saved = await this.listings.findOwned(request.userId, request.assetId, request.target);
    if (!saved) throw new AppError('NOT_FOUND', NO_LISTING);
    return { listing: await this.view(saved) };
  }

  /**
   * Saves the edited fields (in NFC) when the whole listing, as it would be saved, breaks none of the
   * target's rules (a warning does not refuse it); 422 LISTING_INVALID names the first field and limit broken. An untouched field is judged too: a
   * listing saved before a rule (a limit the operator lowered, a shop name set later) is refused until
   * the same save fixes it, so what is stored always passes the rules it was last saved under. Its
   * reads still answer, with the problem listed.
   */
  async edit(request: RpcRequest<typeof LISTINGS.edit>): Promise<{ listing: Listing }> {
    const { userId, assetId, target, ...fields } = request;
    const saved = await this.listings.findOwned(userId, assetId, target);
    if (!saved) throw new AppError('NOT_FOUND', NO_LISTING);
    const edited = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<ListingCopy>;
    const copy = inNormalForm({ ...copyOf(saved), ...edited });
    const broken = this.problemsOf(target, copy).filter(isError);
    if (broken.length > 0) {
      const [first] = broken as [ListingProblem];
      throw new AppError('LISTING_INVALID', `${first.message}`, {
        field: first.field,
        limit: first.limit,
        rule: first.rule,
        problems: broken,
      });
    }
    const updated = await this.listings.update(userId, assetId, target, copy);
    if (!updated) throw new AppError('NOT_FOUND', NO_LISTING);
    return { listing: await this.view(updated) };
  }

  /**
   * Risk flags for a text the seller is writing (a prompt, a title): the same matcher listings use, at
   * most RISK_CHECK.perMinute a minute per seller (429 with the seconds left in the minute). No product
   * is known yet: a hit is rated against the classes of every ready template.
   */
  async riskCheck(text: string, userId: string) {
    const { hits, retryAfterSeconds } = await this.rateLimits.hit(`risk-check:${userId}`, 60);
    if (hits > RISK_CHECK.perMinute) throw new AppError('RATE_LIMITED', TOO_MANY_RISK_CHECKS, { retryAfterSeconds });
    return this.risks.assessRisks(text, userId);
  }

  /** The seller's own denylist (their texts only; the shared list is the operators'). */
  async listDenylist(userId: string): Promise<{ entries: DenylistEntryView[] }> {
    return { entries: (await this.denylist.listSellerEntries(userId)).map(denylistView) };
  }

  /** Adds a phrase to the seller's own denylist; the same phrase (however spelled) again updates its level and classes. */
  async addDenylistEntry(request: RpcRequest<typeof LISTINGS.addDenylistEntry>): Promise<{ entry: DenylistEntryView }> {
    const { userId, phrase, level, classes } = request;
    if (normaliseText(phrase) === '') throw new AppError('BAD_REQUEST', DENYLIST_PHRASE_UNMATCHABLE);
    const known = await this.denylist.findSellerEntry(userId, phrase);
    if (!known && (await this.denylist.countSellerEntries(userId)) >= LIMITS.sellerDenylistEntries)
      throw new AppError('CONFLICT', DENYLIST_FULL);
    return { entry: denylistView(await this.denylist.addSellerEntry(userId, { phrase, level, classes })) };
  }

  async deleteDenylistEntry(request: RpcRequest<typeof LISTINGS.deleteDenylistEntry>): Promise<{ ok: true }> {
    if (!(await this.denylist.deleteSellerEntry(request.userId, request.id))) throw new AppError('NOT_FOUND', NO_DENYLIST_ENTRY);
    return { ok: true };
  }

  async sellerProfile(userId: string): Promise<{ profile: SellerProfile }> {
    return { profile: (await this.profiles.find(userId)) ?? EMPTY_PROFILE };
  }

  async saveSellerProfile(request: RpcRequest<typeof LISTINGS.putSellerProfile>): Promise<{ profile: SellerProfile }> {
    return { profile: await this.profiles.save(request.userId, { shopName: request.shopName, brand: request.brand }) };
  }

  async exportData(userId: string): Promise<RpcReply<typeof LISTINGS.exportData>> {
    const [profile, listings, denylist] = await Promise.all([
      this.profiles.find(userId),
      this.listings.allOf(userId),
      this.denylist.listSellerEntries(userId),
    ]);
    return {
      sellerProfile: profile,
      denylist: denylist.map(denylistView),
      listings: listings.map((listing) => ({
        assetId: listing.assetId,
        target: listing.target,
        ...copyOf(listing),
        writer: listing.writer,
        createdAt: listing.createdAt.toISOString(),
        updatedAt: listing.updatedAt.toISOString(),
      })),
    };
  }

  /**
   * New copy from the configured writer, checked by the target's validators. The text model is asked
   * only within the operator's daily ceiling; a failure, a ceiling reached or copy that breaks a rule
   * falls back to the local writer, whose copy passes them.
   */
  private async compose(
    userId: string,
    target: ListingTarget,
    design: DesignWords,
    profile: SellerProfile | null,
  ): Promise<{ copy: ListingCopy; writer: string }> {
    const request = { target, prompt: design.prompt, variant: design.variant, profile };
    // Only the seller's own brand, never one a writer made up.
    const branded = (copy: ListingCopy): ListingCopy => ({ ...copy, brand: profile?.brand ?? '' });
    if (this.writer.billable) {
      if (!(await this.usage.takeDailyRequest(this.config.OPENAI_DAILY_LISTING_LIMIT))) {
        this.metrics.copy.inc({ writer: this.writer.name, outcome: 'ceiling' });
        this.logger.warn(
          { limit: this.config.OPENAI_DAILY_LISTING_LIMIT },
          'Daily listing ceiling reached (OPENAI_DAILY_LISTING_LIMIT): the local writer writes until 00:00 UTC',
        );
      } else {
        try {
          // One paid request (the daily ceiling counts requests): copy still holding a flagged phrase is
          // trimmed, and what that breaks sends it to the local writer.
          const copy = branded(await writeCheckedCopy(this.writer, request, this.risks, userId, 1));
          const problems = this.problemsOf(target, copy, true).filter(isWritersProblem);
          if (problems.length === 0) {
            this.metrics.copy.inc({ writer: this.writer.name, outcome: 'written' });
            return { copy, writer: this.writer.name };
          }
          this.metrics.copy.inc({ writer: this.writer.name, outcome: 'rejected' });
          this.logger.warn(
            { target, problems: problems.map((problem) => problem.rule) },
            'The text model wrote copy that breaks a rule: the local writer writes it',
          );
        } catch (error) {
          this.metrics.copy.inc({ writer: this.writer.name, outcome: 'failed' });
          this.logger.warn({ target, error: (error as Error).message }, 'The text model failed: the local writer writes the listing');
        }
      }
    }
    return this.composeLocally(userId, target, design, profile);
  }

  /** Copy from the local writer (offline, free), whose copy passes the validators; flagged phrases kept out of title and tags. */
  private async composeLocally(
    userId: string,
    target: ListingTarget,
    design: DesignWords,
    profile: SellerProfile | null,
  ): Promise<{ copy: ListingCopy; writer: string }> {
    const request = { target, prompt: design.prompt, variant: design.variant, profile };
    const copy = await writeCheckedCopy(this.localWriter, request, this.risks, userId);
    this.metrics.copy.inc({ writer: this.localWriter.name, outcome: 'written' });
    return { copy: { ...copy, brand: profile?.brand ?? '' }, writer: this.localWriter.name };
  }

  private problemsOf(target: ListingTarget, copy: ListingCopy, generated = false): ListingProblem[] {
    return validateListing(target, copy, { generated });
  }

  /**
   * The listing as the seller sees it: each risk, rated for the product's classes (every ready
   * template's when none is named), with the fields that hold it; and its problems: the rules it
   * breaks or warns of, and a warning for each high-risk phrase in the title or tags (an edit may put
   * one back: it is saved, never silently). Each field is checked on its own, within the caps.
   */
  private async view(listing: StoredListing, productClasses?: readonly string[]): Promise<Listing> {
    const copy = copyOf(listing);
    const risks = (await this.risks.assessRisks(riskTexts(copy), listing.userId, productClasses)).map((risk) => ({
      ...risk,
      fields: fieldsHolding(copy, risk.term),
    }));
    return {
      target: listing.target,
      ...copy,
      problems: [...this.problemsOf(listing.target, copy), ...riskProblems(risks)],
      risks,
    };
  }
}
