import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  BILLING,
  CREDIT_COSTS,
  LIMITS,
  TIME_BUDGETS,
  upscaleFits,
  upscaleNeedsPlanMessage,
  upscaleTooLargeReason,
  type Asset,
  type UpscaleFactor,
} from '@printloom/contracts';
import { LOGGER, RpcClient, withReservation, type Logger } from '@printloom/service-kit';
import { AssetRepository } from '../repositories/asset.repository.js';
import type { StoredAsset } from '../domain/stored-asset.js';
import { AssetFiles } from '../asset-files.js';
import { pngTextOf } from '../domain/asset-png-text.js';
import { ASSET_NOT_FOUND, toAsset } from '../domain/asset-view.js';
import { AlreadyTransparentError, BackgroundTooBusyError, type BackgroundRemover } from './image/background-remover.js';
import { UpscaleTooLargeError, type Upscaler } from './image/upscaler.js';
import { BACKGROUND_REMOVER, UPSCALER } from '../assets.tokens.js';
import { ImageOperationRepository, type OperationKind } from '../repositories/image-operation.repository.js';

export const TOO_MANY_RUNNING = `You already have ${LIMITS.imageOperationsConcurrent} image operations running. Please wait for one to finish.`;
export const TOO_MANY_THIS_HOUR = `You have reached ${LIMITS.imageOperationsPerHour} background removals and upscales this hour. Please try again later.`;

/** Background removal (free) and upscaling (2 credits): each makes a new asset beside its source. */
@Injectable()
export class ImageOperationsService {
  constructor(
    private readonly assets: AssetRepository,
    private readonly files: AssetFiles,
    private readonly rpc: RpcClient,
    private readonly operations: ImageOperationRepository,
    @Inject(BACKGROUND_REMOVER) private readonly remover: BackgroundRemover,
    @Inject(UPSCALER) private readonly upscaler: Upscaler,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async removeBackground(userId: string, assetId: string): Promise<{ asset: Asset }> {
    const source = await this.ownedOrNotFound(userId, assetId);
    return this.limited(userId, 'background-removed', () => this.removeBackgroundOf(source));
  }

  async upscale(userId: string, assetId: string, factor: UpscaleFactor): Promise<{ creditsRemaining: number; asset: Asset }> {
    const source = await this.ownedOrNotFound(userId, assetId);
    // Checked before the plan and the credits: an upscale that cannot fit is refused at no cost.
    if (!upscaleFits(source, factor)) throw new AppError('UNPROCESSABLE', upscaleTooLargeReason(factor));
    const entitlements = await this.rpc.request(BILLING.entitlements, { userId });
    if (!entitlements.upscaleFactors.includes(factor)) {
      throw new AppError('FORBIDDEN', upscaleNeedsPlanMessage(factor));
    }
    return this.limited(userId, 'upscaled', () => this.upscaleOf(source, factor));
  }

  /** Per-user fairness: at most N running at once and M started per hour, else 429 with the reason. */
  private async limited<T>(userId: string, kind: OperationKind, work: () => Promise<T>): Promise<T> {
    const started = await this.operations.tryStart(userId, kind, {
      concurrent: LIMITS.imageOperationsConcurrent,
      perHour: LIMITS.imageOperationsPerHour,
      staleAfterSeconds: Math.max(TIME_BUDGETS.upscale.gateway, TIME_BUDGETS.removeBackground.gateway) / 1000,
    });
    if ('refused' in started) throw new AppError('RATE_LIMITED', started.refused === 'concurrent' ? TOO_MANY_RUNNING : TOO_MANY_THIS_HOUR);
    try {
      return await work();
    } finally {
      await this.operations
        .finish(started.id)
        .catch((error: unknown) => this.logger.warn({ err: error }, 'Could not record the end of an image operation'));
    }
  }

  private async removeBackgroundOf(source: StoredAsset): Promise<{ asset: Asset }> {
    const { userId, id: assetId } = source;
    let result: Buffer;
    try {
      result = await this.remover.remove(await this.files.readOriginal(userId, assetId));
    } catch (error) {
      if (error instanceof BackgroundTooBusyError || error instanceof AlreadyTransparentError)
        throw new AppError('UNPROCESSABLE', error.message);
      throw error;
    }
    return { asset: await this.saveDerived(source, result, 'background-removed') };
  }

  private async upscaleOf(source: StoredAsset, factor: UpscaleFactor): Promise<{ creditsRemaining: number; asset: Asset }> {
    const { userId, id: assetId } = source;
    const { result: asset, balance } = await withReservation(
      this.rpc,
      { userId, amount: CREDIT_COSTS.upscale, reason: 'upscale', ref: `upscale:${assetId}:${factor}:${randomUUID()}` },
      async () => {
        try {
          return await this.saveDerived(
            source,
            await this.upscaler.upscale(await this.files.readOriginal(userId, assetId), factor),
            'upscaled',
          );
        } catch (error) {
          if (error instanceof UpscaleTooLargeError) throw new AppError('UNPROCESSABLE', error.message);
          throw error;
        }
      },
      { logger: this.logger },
    );
    return { creditsRemaining: balance, asset };
  }

  private async ownedOrNotFound(userId: string, assetId: string): Promise<StoredAsset> {
    const row = await this.assets.findOwned(userId, assetId);
    if (!row) throw new AppError('NOT_FOUND', ASSET_NOT_FOUND);
    return row;
  }

  private async saveDerived(source: StoredAsset, original: Buffer, kind: 'background-removed' | 'upscaled'): Promise<Asset> {
    const id = randomUUID();
    const written = await this.files.write(source.userId, id, original, pngTextOf({ ...source, createdAt: new Date() }));
    const row = await this.assets.insertDerived(
      {
        id,
        userId: source.userId,
        jobId: source.jobId,
        variant: source.variant,
        kind,
        sourceAssetId: source.id,
        prompt: source.prompt,
        width: written.width,
        height: written.height,
        originalSize: written.size,
        etag: written.etag,
      },
      LIMITS.retentionDays,
    );
    return toAsset(row);
  }
}
