import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '@printloom/contracts';
import { LOGGER, type Logger } from '@printloom/service-kit';
import { AssetFiles } from '../asset-files.js';
import { QUALITY_METER } from '../assets.tokens.js';
import type { StoredAsset } from '../domain/stored-asset.js';
import type { QualityMeter } from '../image/image-pool.js';
import { garmentAsGenerated } from '../print-files/print-files.service.js';
import { AssetRepository } from '../repositories/asset.repository.js';
import type { QualityPlan } from './measure-quality.js';

/** A claim older than this is taken over (the instance measuring it stopped). */
export const QUALITY_LEASE_SECONDS = 300;

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
 * Every generated design gets a quality verdict after it is stored, off the request path: ingest
 * wakes a pass (`wake`, wired to a sweeper at start), which claims pending designs one at a time and
 * measures each in the image worker pool; the sweeper's own interval picks up what a restart or a busy
 * pool left. A design deleted meanwhile is skipped.
 */
@Injectable()
export class QualityVerdicts {
  private wakeUp: () => void = () => undefined;

  constructor(
    private readonly assets: AssetRepository,
    private readonly files: AssetFiles,
    @Inject(QUALITY_METER) private readonly meter: QualityMeter,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** How a pass is asked for soon (set at start; a no-op in tests that drive passes themselves). */
  onWake(wake: () => void): void {
    this.wakeUp = wake;
  }

  /** Designs were stored: measure them soon. */
  wake(): void {
    this.wakeUp();
  }

  /** Measures pending designs, newest first, until none is left, the pool is busy or `limit` is reached. */
  async measurePending(limit = 500): Promise<{ measured: number; failed: number }> {
    let measured = 0;
    let failed = 0;
    while (measured + failed < limit) {
      const asset = await this.assets.claimQualityPending(QUALITY_LEASE_SECONDS);
      if (!asset) break;
      try {
        const original = await this.files.readOriginal(asset.userId, asset.id);
        const quality = await this.meter.measureQuality(original, qualityPlanOf(asset));
        await this.assets.saveQuality(asset.id, quality);
        measured += 1;
      } catch (error) {
        if (error instanceof AppError && error.code === 'UNAVAILABLE') {
          // The pool is full of sellers' work: give the design back and try on a later pass.
          await this.assets.releaseQualityClaim(asset.id);
          break;
        }
        // Left claimed: retried when the lease runs out, not in a tight loop.
        failed += 1;
        this.logger.error({ err: error, assetId: asset.id }, 'Could not measure the quality of a design');
      }
    }
    return { measured, failed };
  }
}
