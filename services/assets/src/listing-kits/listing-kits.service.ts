import { Injectable } from '@nestjs/common';
import {
  AppError,
  ENDPOINTS,
  LISTING_KIT,
  LISTINGS,
  TIME_BUDGETS,
  type KitJob,
  type KitJobStatus,
  type RpcReply,
} from '@printloom/contracts';
import { RpcClient } from '@printloom/service-kit';
import { pngTextOf } from '../domain/asset-png-text.js';
import { AssetRepository } from '../repositories/asset.repository.js';
import { DesignJobRepository, type StoredDesignJob } from '../repositories/design-job.repository.js';
import { DesignSelection, inOrderOf, type DesignSelectionInput } from '../selection/design-selection.js';
import { Mockups } from '../renders/mockups/mockups.service.js';
import { PrintFiles } from '../renders/print-files/print-files.service.js';
import { kitFolders } from './kit-folders.js';

export const KIT_DESIGN_NOT_FOUND = 'A design of this listing kit is not in your library (deleted, expired or not yours).';
export const KIT_JOB_NOT_FOUND = 'Listing kit not found (kits can be downloaded for 7 days once ready).';
export const KIT_JOB_NOT_READY = 'This listing kit is still being prepared. Download it once its status is ready.';
export const KIT_JOB_FAILED = 'This listing kit could not be prepared. Please start it again.';
export const TOO_MANY_KIT_JOBS = `You already have ${LISTING_KIT.jobsQueuedPerUser} listing kits being prepared. Please wait for one to be ready.`;

const downloadUrlOf = (id: string) => ENDPOINTS.downloadListingKitJob.path.replace(':id', id);

/** Kits keep their own words for the design jobs' statuses. */
const KIT_STATUS = { queued: 'queued', running: 'preparing', done: 'ready', failed: 'failed' } as const satisfies Record<
  StoredDesignJob['status'],
  KitJobStatus
>;

function toKitJob(job: StoredDesignJob): KitJob {
  const status = KIT_STATUS[job.status];
  return {
    id: job.id,
    status,
    designs: job.assetIds.length,
    prepared: job.processed,
    error: status === 'failed' ? KIT_JOB_FAILED : null,
    createdAt: job.createdAt.toISOString(),
    expiresAt: job.expiresAt?.toISOString() ?? null,
    downloadUrl: status === 'ready' ? downloadUrlOf(job.id) : null,
  };
}

/**
 * Listing kits: a selection's print files (light and dark), mockups and listings per marketplace.
 * Binary data never rides NATS: assets answers which stored files go where in the kit (making them on
 * first request) and each design's listings (asked of listings, which writes the missing ones); the
 * gateway streams the ZIP. Kits of more than a download takes are prepared as a job first (everything
 * made and written, design by design, by DesignJobRunner), then streamed the same way.
 */
@Injectable()
export class ListingKits {
  constructor(
    private readonly assets: AssetRepository,
    private readonly jobs: DesignJobRepository,
    private readonly selection: DesignSelection,
    private readonly printFiles: PrintFiles,
    private readonly mockups: Mockups,
    private readonly rpc: RpcClient,
  ) {}

  /** The designs' folders, in the order asked for; every one must be the user's (404 otherwise), nothing is made. */
  async resolve(userId: string, ids: string[]): Promise<{ designs: Array<{ assetId: string; folder: string }> }> {
    return { designs: kitFolders(await this.selection.resolve(userId, { ids }, KIT_DESIGN_NOT_FOUND)) };
  }

  /** One design's files in the kit and its listing per marketplace, each made or written on first request. */
  async design(userId: string, assetId: string, folder: string): Promise<RpcReply<'assets.kit.design'>> {
    const row = await this.assets.findOwned(userId, assetId);
    if (!row) throw new AppError('NOT_FOUND', KIT_DESIGN_NOT_FOUND);
    const light = await this.printFiles.printFileFor(row, 'light');
    const dark = await this.printFiles.printFileFor(row, 'dark');
    const [mockups, { listings }] = await Promise.all([
      this.mockups.keysFor(row),
      this.rpc.request(
        LISTINGS.kitListings,
        { userId, assetId, targets: [...LISTING_KIT.targets] },
        { timeoutMs: TIME_BUDGETS.listingCopy.gateway },
      ),
    ]);
    const pngText = pngTextOf(row);
    const files = [
      { key: light, fileName: `${folder}/${folder}-light.png`, pngText },
      { key: dark, fileName: `${folder}/${folder}-dark.png`, pngText },
      ...mockups.map(({ id, key }) => ({ key, fileName: `${folder}/mockups/${id}.jpg` })),
    ];
    return { files, light: files[0].fileName, dark: files[1].fileName, mockups: files.slice(2).map((file) => file.fileName), listings };
  }

  /** A kit job of picked designs or of every design of a collection (`batchId`, asked of generation). */
  async createJob(userId: string, selection: DesignSelectionInput): Promise<{ kit: KitJob }> {
    const rows = await this.selection.resolve(userId, selection, KIT_DESIGN_NOT_FOUND);
    const job = await this.jobs.createUnlessBusy(
      { userId, action: 'kit', assetIds: rows.map((row) => row.id), batchId: selection.batchId ?? null },
      'kit',
      LISTING_KIT.jobsQueuedPerUser,
    );
    if (!job) throw new AppError('RATE_LIMITED', TOO_MANY_KIT_JOBS);
    return { kit: toKitJob(job) };
  }

  async getJob(userId: string, kitId: string): Promise<{ kit: KitJob }> {
    const job = await this.jobs.findOwned(userId, kitId, 'kit');
    if (!job) throw new AppError('NOT_FOUND', KIT_JOB_NOT_FOUND);
    return { kit: toKitJob(job) };
  }

  /** A ready kit's designs still in the library (one deleted since is left out), for the gateway to stream. */
  async resolveJob(userId: string, kitId: string): Promise<RpcReply<'assets.kit-job.resolve'>> {
    const job = await this.jobs.findOwned(userId, kitId, 'kit');
    if (!job) throw new AppError('NOT_FOUND', KIT_JOB_NOT_FOUND);
    if (job.status === 'failed') throw new AppError('CONFLICT', KIT_JOB_FAILED);
    if (job.status !== 'done') throw new AppError('CONFLICT', KIT_JOB_NOT_READY);
    const rows = inOrderOf(job.assetIds, await this.assets.findManyOwned(userId, job.assetIds));
    return { fileName: `printloom-listing-kit-${rows.length}-designs.zip`, designs: kitFolders(rows) };
  }
}
