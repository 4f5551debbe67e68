import { Inject, Injectable } from '@nestjs/common';
import type { AccountDeletionHandlers, DeletedAccount, SweepCounts } from '@printloom/service-kit';
import type { PublishingConfig } from './config.js';
import { PUBLISHING_CONFIG } from './publishing.tokens.js';
import { CONNECT_WINDOW_MS } from './printify/printify-access.js';
import { ConnectionRepository } from './repositories/connection.repository.js';
import { PublicationRepository } from './repositories/publication.repository.js';
import { TemplateRepository } from './repositories/template.repository.js';
import { PrintLinkRepository } from './repositories/print-link.repository.js';
import { RateLimitRepository } from './repositories/rate-limit.repository.js';

/** What publishing holds of a seller, and when it goes: the account-deletion lists and the housekeeping. */
@Injectable()
export class PublishingDataService implements AccountDeletionHandlers {
  constructor(
    @Inject(PUBLISHING_CONFIG) private readonly config: PublishingConfig,
    private readonly connections: ConnectionRepository,
    private readonly publications: PublicationRepository,
    private readonly templates: TemplateRepository,
    private readonly links: PrintLinkRepository,
    private readonly limits: RateLimitRepository,
  ) {}

  async deleteExpired(): Promise<SweepCounts> {
    // The longest window counted: publishes (PRINTIFY_PUBLISH_WINDOW_MS) or connects (an hour).
    const longest = Math.max(this.config.PRINTIFY_PUBLISH_WINDOW_MS, CONNECT_WINDOW_MS);
    return {
      print_links: await this.links.deleteExpired(),
      rate_events: await this.limits.deleteOld(longest),
      oauth_states: await this.connections.deleteExpiredStates(),
    };
  }

  /** The token is destroyed at once; templates and publications go too (the drafts stay in the seller's Printify). */
  readonly onDeleted = async ({ userId }: DeletedAccount): Promise<void> => {
    await this.connections.deleteFor(userId);
    await this.links.deleteFor(userId);
    await this.publications.deleteFor(userId);
    await this.templates.deleteFor(userId);
  };

  readonly purge = async ({ userId }: DeletedAccount): Promise<SweepCounts> => ({
    connections: await this.connections.deleteFor(userId),
    print_links: await this.links.deleteFor(userId),
    publications: await this.publications.deleteFor(userId),
    templates: await this.templates.deleteFor(userId),
    rate_events: await this.limits.deleteFor(userId),
  });
}
