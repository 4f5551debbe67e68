import { Injectable } from '@nestjs/common';
import type { AccountDeletionHandlers, DeletedAccount, SweepCounts } from '@printloom/service-kit';
import { AssetLifecycle } from './asset-lifecycle.service.js';
import { DesignJobRepository } from './repositories/design-job.repository.js';
import { ReminderRepository } from './repositories/reminder.repository.js';

/** What assets holds of a seller when the account is deleted: reminders stop at once, the rest goes at the purge. */
@Injectable()
export class AssetsDataService implements AccountDeletionHandlers {
  constructor(
    private readonly lifecycle: AssetLifecycle,
    private readonly designJobs: DesignJobRepository,
    private readonly reminders: ReminderRepository,
  ) {}

  readonly onDeleted = async ({ userId }: DeletedAccount): Promise<void> => {
    await this.reminders.stopFor(userId);
  };

  readonly purge = async ({ userId }: DeletedAccount): Promise<SweepCounts> => ({
    ...(await this.lifecycle.purgeUser(userId)),
    design_jobs: await this.designJobs.deleteForUser(userId),
  });
}
