import { Inject, Injectable } from '@nestjs/common';
import { AppError, ENDPOINTS, MOCKUPS, type Mockup, type MockupId } from '@printloom/contracts';
import { AssetFiles } from '../asset-files.js';
import { MOCKUP_RENDERER } from '../assets.tokens.js';
import { downloadFileName } from '../domain/file-names.js';
import type { StoredAsset } from '../domain/stored-asset.js';
import { ExportFitting } from '../export-fitting.service.js';
import type { MockupRenderer } from '../image/image-pool.js';
import { AssetRepository } from '../repositories/asset.repository.js';
import { PrintFiles } from '../print-files/print-files.service.js';

export const MOCKUPS_BUSY = 'You already have many images being made. Please wait for them to finish, then open the mockups again.';
const NOT_FOUND = 'Image not found';

const urlOf = (assetId: string, mockupId: MockupId) => ENDPOINTS.downloadMockup.path.replace(':id', assetId).replace(':mockupId', mockupId);

/**
 * A design's garment previews: made on first request as one set (in the image worker pool, within the
 * user's share of image work, the one export fitting uses), kept beside the original as JPEGs and
 * deleted with it (AssetFiles.remove). A request for a set under way waits for it.
 */
@Injectable()
export class Mockups {
  /** Asset id → its set being made. */
  private readonly making = new Map<string, Promise<void>>();

  constructor(
    private readonly assets: AssetRepository,
    private readonly files: AssetFiles,
    private readonly exports: ExportFitting,
    private readonly printFiles: PrintFiles,
    @Inject(MOCKUP_RENDERER) private readonly renderer: MockupRenderer,
  ) {}

  async list(userId: string, assetId: string): Promise<{ mockups: Mockup[] }> {
    const row = await this.owned(userId, assetId);
    await this.ensure(row);
    return { mockups: MOCKUPS.map(({ id, product, colour }) => ({ id, product, colour, url: urlOf(row.id, id) })) };
  }

  async resolve(request: { userId: string; assetId: string; mockupId: MockupId }) {
    const row = await this.owned(request.userId, request.assetId);
    const key = this.files.mockupKeyOf(row.userId, row.id, request.mockupId);
    if (!(await this.files.hasFile(key))) await this.ensure(row);
    return {
      key,
      contentType: 'image/jpeg',
      fileName: downloadFileName(row.prompt, null, `mockup-${request.mockupId}`, 'jpg'),
      etag: `"${row.etag}-${request.mockupId}"`,
      immutable: true,
    };
  }

  /** The design's set, made first if need be: each mockup's id and storage key (a listing kit packs them). */
  async keysFor(row: StoredAsset): Promise<Array<{ id: MockupId; key: string }>> {
    await this.ensure(row);
    return MOCKUPS.map(({ id }) => ({ id, key: this.files.mockupKeyOf(row.userId, row.id, id) }));
  }

  private async owned(userId: string, assetId: string): Promise<StoredAsset> {
    const row = await this.assets.findOwned(userId, assetId);
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    return row;
  }

  /** Makes the set unless every mockup is kept already or a making is under way. */
  private async ensure(row: StoredAsset): Promise<void> {
    const underway = this.making.get(row.id);
    if (underway) return underway;
    const kept = await Promise.all(MOCKUPS.map((mockup) => this.files.hasFile(this.files.mockupKeyOf(row.userId, row.id, mockup.id))));
    if (kept.every(Boolean)) return;
    const startedMeanwhile = this.making.get(row.id);
    if (startedMeanwhile) return startedMeanwhile;
    const work = this.make(row);
    this.making.set(row.id, work);
    const forget = () => this.making.delete(row.id);
    work.then(forget, forget);
    return work;
  }

  /**
   * Light garments show the design's light file, dark ones its dark file. The garment files are made
   * first, each as its own task of the user's share, and only then the set: a set that held a share
   * slot while waiting for its garment files could wait on itself.
   */
  private async make(row: StoredAsset): Promise<void> {
    const [lightKey, darkKey] = await Promise.all([this.printFiles.printFileFor(row, 'light'), this.printFiles.printFileFor(row, 'dark')]);
    await this.exports.runInShare(
      row.userId,
      async () => {
        const [light, dark] = await Promise.all([this.files.readSource(lightKey), this.files.readSource(darkKey)]);
        const made = await this.renderer.renderMockups(light, dark);
        await Promise.all(made.map(({ id, jpeg }) => this.files.writeMockup(this.files.mockupKeyOf(row.userId, row.id, id), jpeg)));
      },
      MOCKUPS_BUSY,
    );
  }
}
