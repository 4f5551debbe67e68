import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '@printloom/contracts';
import { BackgroundWorker, LOGGER, type Logger, type ServiceMetrics, type Settlement } from '@printloom/service-kit';
import { AssetFiles } from '../../asset-files.js';
import { DesignArrivals } from '../../design-arrivals.js';
import { QUALITY_METER } from '../../assets.tokens.js';
import type { StoredAsset } from '../../domain/stored-asset.js';
import type { QualityMeter } from '../image/image-pool.js';
import { garmentAsGenerated } from '../../domain/garment-as-generated.js';
import { AssetRepository } from '../../repositories/asset.repository.js';
import type { QualityPlan } from './measure-quality.js';

/** A claim older than this is taken over (the instance measuring it stopped). */
export const QUALITY_LEASE_SECONDS = 300;
/** How long a stop waits for a measurement in hand before its design is handed back (measured again elsewhere). */
export const QUALITY_STOP_GRACE_MS = 5_000;

/** What the verdict of a stored design is measured from, besides its pixels. */
export function qualityPlanOf(asset: StoredAsset): QualityPlan {
  const engine = asset.drawnBy === 'engine' && asset.jobId && asset.variant && asset.drawnForDark !== null;
  return {
    prompt: asset.prompt,
    brief: engine ? { prompt: asset.prompt, seed: asset.jobId!, variant: asset.variant!, dark: asset.drawnForDark! } : null,
    garment: garmentAsGenerated(asset),
    // Older rows did not record the option; the job's default is transparent.
    transparent: asset.transparentAsked ?? true,
    backgroundKept: asset.backgroundKept,
  };
}

/**
 * Every generated design gets a quality verdict after it is stored, off the request path, in
 * service-kit's worker form on leased rows: ingest's DesignArrivals wake the worker (`wake`), which claims pending
 * designs one at a time and measures each in the image worker pool; its interval picks up what a
 * restart or a busy pool left. A design deleted meanwhile is skipped.
 */
@Injectable()
export class QualityVerdicts {
  private worker: BackgroundWorker<StoredAsset> | null = null;

  constructor(
    private readonly assets: AssetRepository,
    private readonly files: AssetFiles,
    @Inject(QUALITY_METER) private readonly meter: QualityMeter,
    @Inject(LOGGER) private readonly logger: Logger,
    arrivals: DesignArrivals,
  ) {
    arrivals.onArrival(() => this.wake());
  }

  /** Measures in the background from now on: when woken, and every `intervalMs` (not started in tests that leave verdicts off). */
  start(intervalMs: number, registry?: ServiceMetrics['registry']): void {
    this.workerOf(intervalMs, registry).start();
  }

  /** Measures pending designs, newest first, until none is left, the pool is busy or `limit` is reached. */
  async measurePending(limit = 500): Promise<{ measured: number; failed: number }> {
    const worker = this.workerOf();
    const total = { measured: 0, failed: 0 };
    while (total.measured + total.failed < limit) {
      const settlement = await worker.runOnce();
      total.measured += settlement?.counts?.measured ?? 0;
      total.failed += settlement?.counts?.failed ?? 0;
      if (!settlement || settlement.rest) break;
    }
    return total;
  }

  private workerOf(intervalMs = 60_000, registry?: ServiceMetrics['registry']): BackgroundWorker<StoredAsset> {
    this.worker ??= new BackgroundWorker<StoredAsset>({
      name: 'quality-verdicts',
      source: this.assets.qualityPending(QUALITY_LEASE_SECONDS).source((asset) => asset.id),
      idleRecheckMs: intervalMs,
      logger: this.logger,
      registry,
      handle: (asset) => this.measure(asset),
    });
    return this.worker;
  }

  /** Designs were stored: measure them soon. */
  wake(): void {
    this.worker?.wake();
  }

  /** The stop rule: nothing new; a measurement in hand finishes within `graceMs` or its design is handed back. */
  async stop(graceMs: number): Promise<number> {
    return (await this.worker?.stop(graceMs)) ?? 0;
  }

  private async measure(asset: StoredAsset): Promise<Settlement> {
    try {
      const original = await this.files.readOriginal(asset.userId, asset.id);
      const quality = await this.meter.measureQuality(original, qualityPlanOf(asset));
      await this.assets.saveQuality(asset.id, quality);
      return { settled: 'done', counts: { measured: 1 } };
    } catch (error) {
      if (error instanceof AppError && error.code === 'UNAVAILABLE') {
        // The pool is full of sellers' work: give the design back and try when woken or at the interval.
        return { settled: 'later', inMs: 0, counts: { handed_back: 1 }, rest: true };
      }
      // Left claimed (settled as far as this worker goes): retried when the lease runs out, not in a tight loop.
      this.logger.error({ err: error, assetId: asset.id }, 'Could not measure the quality of a design');
      return { settled: 'done', counts: { failed: 1 } };
    }
  }
}
