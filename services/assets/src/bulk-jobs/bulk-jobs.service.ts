import { Injectable } from '@nestjs/common';
import {
  AppError,
  BULK_JOB,
  BULK_JOB_MESSAGES,
  ENDPOINTS,
  LIMITS,
  type BulkAction,
  type BulkJob,
  type RpcReply,
  type RpcRequest,
  type ASSETS,
} from '@printloom/contracts';
import { AssetsService } from '../assets.service.js';
import { ASSET_NOT_FOUND } from '../domain/asset-view.js';
import { Downloads } from '../downloads/downloads.service.js';
import { AssetRepository } from '../repositories/asset.repository.js';
import { DesignJobRepository, type StoredDesignJob } from '../repositories/design-job.repository.js';
import { DesignSelection, inOrderOf } from '../selection/design-selection.js';

const downloadUrlOf = (id: string) => ENDPOINTS.downloadBulkJob.path.replace(':id', id);
const makesAFile = (action: BulkAction | 'kit') => action === 'download' || action === 'export';
const STAR_DAYS = { retention: LIMITS.retentionDays, starred: LIMITS.starredRetentionDays, unstarGrace: LIMITS.unstarGraceDays };

function toBulkJob(job: StoredDesignJob): BulkJob {
  return {
    id: job.id,
    action: job.action as BulkAction,
    status: job.status,
    batchId: job.batchId,
    designs: job.assetIds.length,
    processed: job.processed,
    preset: job.preset,
    garment: job.garment,
    error: job.status === 'failed' ? BULK_JOB_MESSAGES.failed : null,
    createdAt: job.createdAt.toISOString(),
    expiresAt: job.expiresAt?.toISOString() ?? null,
    downloadUrl: job.status === 'done' && makesAFile(job.action) ? downloadUrlOf(job.id) : null,
  };
}

/**
 * Bulk jobs: a library action on more designs than one request takes (above all a whole collection, by
 * its batch id). The designs are fixed when the job is created; DesignJobRunner walks them one by one,
 * and this service says what one design's step is. A download or an export ends in a ZIP the gateway
 * streams from the files the job made (or checked).
 */
@Injectable()
export class BulkJobs {
  constructor(
    private readonly jobs: DesignJobRepository,
    private readonly selection: DesignSelection,
    private readonly assets: AssetRepository,
    private readonly library: AssetsService,
    private readonly downloads: Downloads,
  ) {}

  async create(request: RpcRequest<typeof ASSETS.createBulkJob>): Promise<{ job: BulkJob }> {
    const rows = await this.selection.resolve(request.userId, request, ASSET_NOT_FOUND);
    const job = await this.jobs.createUnlessBusy(
      {
        userId: request.userId,
        action: request.action,
        assetIds: rows.map((row) => row.id),
        batchId: request.batchId ?? null,
        preset: request.preset ?? null,
        garment: request.garment ?? null,
      },
      'bulk',
      BULK_JOB.openPerUser,
    );
    if (!job) throw new AppError('RATE_LIMITED', BULK_JOB_MESSAGES.tooManyJobs);
    return { job: toBulkJob(job) };
  }

  async get(userId: string, jobId: string): Promise<{ job: BulkJob }> {
    const job = await this.jobs.findOwned(userId, jobId, 'bulk');
    if (!job) throw new AppError('NOT_FOUND', BULK_JOB_MESSAGES.notFound);
    return { job: toBulkJob(job) };
  }

  /** The user's jobs still readable, newest first (a seller who left the page finds them again). */
  async list(userId: string): Promise<{ jobs: BulkJob[] }> {
    const jobs = await this.jobs.listOwned(userId, 'bulk', BULK_JOB.listed);
    return { jobs: jobs.map(toBulkJob) };
  }

  /** A done download or export job's files, of the designs still in the library, for the gateway to stream. */
  async resolve(userId: string, jobId: string): Promise<RpcReply<typeof ASSETS.resolveBulkJob>> {
    const job = await this.jobs.findOwned(userId, jobId, 'bulk');
    if (!job) throw new AppError('NOT_FOUND', BULK_JOB_MESSAGES.notFound);
    if (!makesAFile(job.action)) throw new AppError('CONFLICT', BULK_JOB_MESSAGES.notADownload);
    if (job.status === 'failed') throw new AppError('CONFLICT', BULK_JOB_MESSAGES.failed);
    if (job.status !== 'done') throw new AppError('CONFLICT', BULK_JOB_MESSAGES.notReady);
    const rows = inOrderOf(job.assetIds, await this.assets.findManyOwned(userId, job.assetIds));
    if (rows.length === 0) throw new AppError('CONFLICT', BULK_JOB_MESSAGES.designsGone);
    const files = this.downloads.zipFiles(rows, job.preset ?? undefined, job.garment ?? undefined);
    const fileName = `printloom-${[`${files.length}-images`, job.preset, job.garment].filter(Boolean).join('-')}.zip`;
    return { fileName, files };
  }

  /**
   * One design of a job. A design no longer in the library answers NOT_FOUND (the runner skips it); a
   * file to make past the user's export share answers RATE_LIMITED (the runner hands the job back).
   */
  async step(job: StoredDesignJob, assetId: string): Promise<void> {
    const { userId } = job;
    switch (job.action) {
      case 'download':
        // As generated the file is there already; for a garment its print file is made (once) like a single download's.
        if (job.garment) await this.downloads.resolveDownload({ userId, assetId, garment: job.garment });
        else if (!(await this.assets.findOwned(userId, assetId))) throw new AppError('NOT_FOUND', ASSET_NOT_FOUND);
        return;
      case 'export':
        await this.downloads.resolveDownload({ userId, assetId, preset: job.preset ?? undefined, garment: job.garment ?? undefined });
        return;
      case 'star':
      case 'unstar':
        if (!(await this.assets.setStarred(userId, assetId, job.action === 'star', STAR_DAYS)))
          throw new AppError('NOT_FOUND', ASSET_NOT_FOUND);
        return;
      case 'delete':
        await this.library.deleteMany(userId, [assetId]);
        return;
      case 'kit':
        throw new Error('A listing kit job is not a bulk job');
    }
  }
}
