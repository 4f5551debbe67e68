import { Injectable } from '@nestjs/common';
import { RETENTION } from '@printloom/contracts';
import type { AccountDeletionHandlers, DeletedAccount, SweepCounts } from '@printloom/service-kit';
import { OutboxRepository } from './repositories/outbox.repository.js';
import { SupportRepository } from './repositories/support.repository.js';

/** What notifications holds of a person, and when it goes: the account-deletion lists and the mail retention. */
@Injectable()
export class NotificationsDataService implements AccountDeletionHandlers {
  constructor(
    private readonly outbox: OutboxRepository,
    private readonly support: SupportRepository,
  ) {}

  async applyRetention(): Promise<SweepCounts> {
    return {
      blanked_bodies: await this.outbox.blankSentBodies(RETENTION.sentMailBodyHours),
      deleted_rows: await this.outbox.deleteFinished(RETENTION.mailRowsDays),
    };
  }

  /** By the purge, the address may be a new account's: what was this one's is recorded by its id now. */
  readonly onDeleted = async ({ userId, email, deletedAt }: DeletedAccount & { deletedAt: Date }): Promise<void> => {
    await this.support.claimFor(userId, email, deletedAt);
    await this.outbox.claimFor(userId, email, deletedAt);
  };

  readonly purge = async ({ userId }: DeletedAccount): Promise<SweepCounts> => ({
    mails: await this.outbox.deleteFor(userId),
    support_messages: await this.support.deleteFor(userId),
  });
}
