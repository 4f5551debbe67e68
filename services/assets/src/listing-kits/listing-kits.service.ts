import { Inject, Injectable } from '@nestjs/common';
import { AppError, ENDPOINTS, LISTING_KIT, LISTINGS, TIME_BUDGETS, type KitJob, type RpcReply } from '@printloom/contracts';
import { LOGGER, RpcClient, type Logger } from '@printloom/service-kit';
import { pngTextOf } from '../domain/asset-png-text.js';
import { AssetRepository } from '../repositories/asset.repository.js';
import { KitJobRepository, type StoredKitJob } from '../repositories/kit-job.repository.js';
import { Mockups } from '../mockups/mockups.service.js';
import { PrintFiles } from '../print-files/print-files.service.js';
import { kitFolders } from './kit-folders.js';

export const KIT_DESIGN_NOT_FOUND = 'A design of this listing kit is not in your library (deleted, expired or not yours).';
export const KIT_JOB_NOT_FOUND = 'Listing kit not found (kits can be downloaded for 7 days once ready).';
export const KIT_JOB_NOT_READY = 'This listing kit is still being prepared. Download it once its status is ready.';
export const KIT_JOB_FAILED = 'This listing kit could not be prepared. Please start it again.';
export const TOO_MANY_KIT_JOBS = `You already have ${LISTING_KIT.jobsQueuedPerUser} listing kits being prepared. Please wait for one to be ready.`;

/** Attempts of a kit job before it fails for good (a pass stops on an error and a later pass goes on). */
const JOB_MAX_ATTEMPTS = 3;
/** A preparing instance renews its claim after every design; one silent this long died. */
const JOB_STALE_AFTER_SECONDS = Math.ceil((2 * TIME_BUDGETS.listingKitDesign.service) / 1000);

const downloadUrlOf = (id: string) => ENDPOINTS.downloadListingKitJob.path.replace(':id', id);

function toKitJob(job: StoredKitJob): KitJob {
  return {
    id: job.id,
    status: job.status,
    designs: job.assetIds.length,
    prepared: job.prepared,
    error: job.status === 'failed' ? KIT_JOB_FAILED : null,
    createdAt: job.createdAt.toISOString(),
    expiresAt: job.expiresAt?.toISOString() ?? null,
    downloadUrl: job.status === 'ready' ? downloadUrlOf(job.id) : null,
  };
}

/**
 * Listing kits: a selection's print files (light and dark), mockups and listings per marketplace.
 * Binary data never rides NATS: assets answers which stored files go where in the kit (making them on
 * first request) and each design's listings (asked of listings, which writes the missing ones); the
 * gateway streams the ZIP. Kits of more than a download takes are prepared as a job first (everything
 * made and written), then streamed the same way.
 */
@Injectable()
export class ListingKits {
  /** Set when the service stops: a job being prepared is given back between two designs. */
  private closing = false;

  constructor(
    private readonly assets: AssetRepository,
    private readonly jobs: KitJobRepository,
    private readonly printFiles: PrintFiles,
    private readonly mockups: Mockups,
    private readonly rpc: RpcClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The designs' folders, in the order asked for; every one must be the user's (404 otherwise), nothing is made. */
  async resolve(userId: string, ids: string[]): Promise<{ designs: Array<{ assetId: string; folder: string }> }> {
    const unique = [...new Set(ids)];
    const rows = await this.assets.findManyOwned(userId, unique);
    if (rows.length !== unique.length) throw new AppError('NOT_FOUND', KIT_DESIGN_NOT_FOUND);
    const position = new Map(unique.map((id, index) => [id, index]));
    rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
    return { designs: kitFolders(rows) };
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

  async createJob(userId: string, ids: string[]): Promise<{ kit: KitJob }> {
    const { designs } = await this.resolve(userId, ids);
    const job = await this.jobs.createUnlessBusy(
      userId,
      designs.map((design) => design.assetId),
      LISTING_KIT.jobsQueuedPerUser,
    );
    if (!job) throw new AppError('RATE_LIMITED', TOO_MANY_KIT_JOBS);
    return { kit: toKitJob(job) };
  }

  async getJob(userId: string, kitId: string): Promise<{ kit: KitJob }> {
    const job = await this.jobs.findOwned(userId, kitId);
    if (!job) throw new AppError('NOT_FOUND', KIT_JOB_NOT_FOUND);
    return { kit: toKitJob(job) };
  }

  /** A ready kit's designs still in the library (one deleted since is left out), for the gateway to stream. */
  async resolveJob(userId: string, kitId: string): Promise<RpcReply<'assets.kit-job.resolve'>> {
    const job = await this.jobs.findOwned(userId, kitId);
    if (!job) throw new AppError('NOT_FOUND', KIT_JOB_NOT_FOUND);
    if (job.status === 'failed') throw new AppError('CONFLICT', KIT_JOB_FAILED);
    if (job.status !== 'ready') throw new AppError('CONFLICT', KIT_JOB_NOT_READY);
    const rows = await this.assets.findManyOwned(userId, job.assetIds);
    const position = new Map(job.assetIds.map((id, index) => [id, index]));
    rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
    return { fileName: `printloom-listing-kit-${rows.length}-designs.zip`, designs: kitFolders(rows) };
  }

  /**
   * One pass of the job runner: claims a waiting job (or one whose instance died) and prepares its
   * designs from where it stood, renewing the claim after each. A design deleted meanwhile is skipped.
   */
  async prepareNext(): Promise<{ prepared_kits: number; stopped_kits: number }> {
    const job = await this.jobs.claimNext(JOB_STALE_AFTER_SECONDS);
    if (!job) return { prepared_kits: 0, stopped_kits: 0 };
    try {
      for (let index = job.prepared; index < job.assetIds.length; index += 1) {
        if (this.closing) {
          await this.jobs.release(job.id);
          return { prepared_kits: 0, stopped_kits: 0 };
        }
        try {
          await this.design(job.userId, job.assetIds[index], 'kit');
        } catch (error) {
          if (!(error instanceof AppError && error.code === 'NOT_FOUND')) throw error;
        }
        await this.jobs.markPrepared(job.id, index + 1);
      }
      await this.jobs.markReady(job.id, LISTING_KIT.jobKeptDays);
      return { prepared_kits: 1, stopped_kits: 0 };
    } catch (error) {
      this.logger.warn({ err: error, kitId: job.id, userId: job.userId }, 'A listing kit pass stopped');
      await this.jobs.markStopped(job.id, (error as Error).message, JOB_MAX_ATTEMPTS, LISTING_KIT.jobKeptDays);
      return { prepared_kits: 0, stopped_kits: 1 };
    }
  }

  close(): void {
    this.closing = true;
  }
}
