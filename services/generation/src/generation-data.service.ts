import { Injectable } from '@nestjs/common';
import type { AccountDeletionHandlers, DeletedAccount, SweepCounts } from '@printloom/service-kit';
import { BatchService } from './batches/batch.service.js';
import { BatchRepository } from './repositories/batch.repository.js';
import { JobRepository } from './repositories/job.repository.js';

/** What generation holds of a seller when the account is deleted: its batches stop at once, the rest goes at the purge. */
@Injectable()
export class GenerationDataService implements AccountDeletionHandlers {
  constructor(
    private readonly batchService: BatchService,
    private readonly batches: BatchRepository,
    private readonly jobs: JobRepository,
  ) {}

  /** A deleted account's batches feed no more rows; what they held goes back. */
  readonly onDeleted = async ({ userId }: DeletedAccount): Promise<void> => {
    await this.batchService.cancelAll(userId);
  };

  readonly purge = async ({ userId }: DeletedAccount): Promise<SweepCounts> => ({
    batches: await this.batches.deleteForUser(userId),
    jobs: await this.jobs.deleteForUser(userId),
  });
}
