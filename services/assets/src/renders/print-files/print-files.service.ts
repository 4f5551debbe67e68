import { Inject, Injectable } from '@nestjs/common';
import type { ExportPresetId } from '@printloom/contracts';
import { AssetFiles } from '../../asset-files.js';
import { GARMENT_FILE_MAKER } from '../../assets.tokens.js';
import { pngTextOf } from '../../domain/asset-png-text.js';
import type { StoredAsset } from '../../domain/stored-asset.js';
import { garmentAsGenerated } from '../../domain/garment-as-generated.js';
import { ExportFitting } from '../export-fitting.service.js';
import { deriveWebp, PREVIEW_SIZE, THUMBNAIL_SIZE } from '../../derivatives.js';
import type { GarmentFileMaker } from '../image/image-pool.js';
import type { GarmentFilePlan } from './garment-file.js';
import type { Garment } from './garments.js';

type AssetForPrint = Pick<
  StoredAsset,
  'id' | 'userId' | 'jobId' | 'variant' | 'kind' | 'prompt' | 'width' | 'drawnForDark' | 'drawnBy' | 'createdAt'
>;

/**
 * How an asset's file for a garment is made: its own garment's file from the original (nudged where
 * its inks fall short); the other one drawn again by the engine when it drew the design, else recoloured.
 * Designs that recorded no garment (older ones, edited copies) are recoloured for both.
 */
export function garmentFilePlan(asset: AssetForPrint, garment: Garment): GarmentFilePlan {
  const own = garmentAsGenerated(asset);
  if (own === garment) return { method: 'own', garment };
  if (own && asset.drawnBy === 'engine' && asset.jobId && asset.variant)
    return {
      method: 'redraw',
      brief: { prompt: asset.prompt, seed: asset.jobId, variant: asset.variant, dark: asset.drawnForDark! },
      garment,
      width: asset.width,
    };
  return { method: 'recolour', garment };
}

/**
 * Every design's print files for white and black garments: derived files of the same asset, made on
 * first request in the image worker pool within the user's share of exports (so generation stays as
 * fast and older designs get them too), kept beside the original and deleted with it.
 */
@Injectable()
export class PrintFiles {
  constructor(
    private readonly files: AssetFiles,
    private readonly exports: ExportFitting,
    @Inject(GARMENT_FILE_MAKER) private readonly maker: GarmentFileMaker,
  ) {}

  /**
   * The storage key of the asset's print file for a garment (a transparent 300 DPI PNG at the
   * original's size, at least 95% of its ink at 3:1 against the garment), made first if need be.
   * Other features (listings, mockups) read a design's light or dark file through this.
   */
  async printFileFor(asset: AssetForPrint, garment: Garment): Promise<string> {
    const key = this.files.garmentKeyOf(asset.userId, asset.id, garment);
    const plan = garmentFilePlan(asset, garment);
    await this.exports.ensureMade(asset, key, async () =>
      this.maker.garmentFile(await this.files.readOriginal(asset.userId, asset.id), plan, pngTextOf(asset)),
    );
    return key;
  }

  /** The garment file's thumbnail or preview (WebP), made from it on first request. */
  async sizedFor(asset: AssetForPrint, garment: Garment, size: 'thumbnail' | 'preview'): Promise<string> {
    const key = this.files.garmentKeyOf(asset.userId, asset.id, garment, { size });
    if (await this.files.hasFile(key)) return key;
    const source = await this.printFileFor(asset, garment);
    await this.exports.ensureMade(asset, key, async () =>
      deriveWebp(await this.files.readSource(source), size === 'thumbnail' ? THUMBNAIL_SIZE : PREVIEW_SIZE),
    );
    return key;
  }

  /** The garment file fitted to an export preset. */
  async exportFor(asset: AssetForPrint, garment: Garment, presetId: ExportPresetId): Promise<string> {
    const key = this.files.garmentKeyOf(asset.userId, asset.id, garment, { presetId });
    if (await this.files.hasFile(key)) return key;
    const source = await this.printFileFor(asset, garment);
    await this.exports.ensure(asset, presetId, key, pngTextOf(asset), source);
    return key;
  }

  /** Of these assets' files for a garment (and preset), how many would have to be made. */
  async missing(assets: AssetForPrint[], garment: Garment, presetId?: ExportPresetId): Promise<number> {
    const keys = assets.flatMap((asset) => {
      const file = this.files.garmentKeyOf(asset.userId, asset.id, garment);
      return presetId ? [file, this.files.garmentKeyOf(asset.userId, asset.id, garment, { presetId })] : [file];
    });
    return this.exports.missing(keys);
  }
}
