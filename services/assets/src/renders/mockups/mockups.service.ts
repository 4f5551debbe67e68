import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  ASSETS,
  ENDPOINTS,
  MOCKUPS,
  PRINTIFY_MOCKUP_ID,
  type Mockup,
  type MockupId,
  type RpcRequest,
} from '@printloom/contracts';
import { isPng } from '@printloom/storage';
import { AssetFiles } from '../../asset-files.js';
import { MOCKUP_RENDERER } from '../../assets.tokens.js';
import { downloadFileName } from '../../domain/file-names.js';
import type { StoredAsset } from '../../domain/stored-asset.js';
import { ASSET_NOT_FOUND } from '../../domain/asset-view.js';
import { ExportFitting } from '../export-fitting.service.js';
import type { MockupRenderer } from '../image/image-pool.js';
import { AssetRepository } from '../../repositories/asset.repository.js';
import { PrintFiles } from '../print-files/print-files.service.js';

export const MOCKUPS_BUSY = 'You already have many images being made. Please wait for them to finish, then open the mockups again.';
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

const urlOf = (assetId: string, mockupId: string) => ENDPOINTS.downloadMockup.path.replace(':id', assetId).replace(':mockupId', mockupId);

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
    const own: Mockup[] = MOCKUPS.map(({ id, product, colour }) => ({ id, product, colour, url: urlOf(row.id, id) }));
    return { mockups: [...own, ...(await this.external(row))] };
  }

  /**
   * Keeps one of Printify's mockups of a draft beside the design (the bytes checked to be the JPEG or
   * PNG they claim to be); deleted with the design (AssetFiles.remove lists them).
   */
  async storeExternal(request: RpcRequest<typeof ASSETS.storeExternalMockups>): Promise<{ id: string }> {
    const row = await this.owned(request.userId, request.assetId);
    const bytes = Buffer.from(request.base64, 'base64');
    const extension = request.contentType === 'image/png' ? 'png' : 'jpg';
    const looksRight = extension === 'png' ? isPng(bytes) : bytes.subarray(0, 3).equals(JPEG_MAGIC);
    if (!looksRight) throw new AppError('UNSUPPORTED_MEDIA_TYPE', `The mockup is not a ${extension.toUpperCase()} image`);
    const set = `printify-${request.publicationId.replace(/-/g, '').slice(0, 8)}`;
    const id = `${set}-${request.index}`;
    await this.files.writeFile(
      this.files.externalMockupKeyOf(row.userId, row.id, set, 'json'),
      Buffer.from(JSON.stringify({ product: request.product })),
      'application/json',
    );
    await this.files.writeFile(this.files.externalMockupKeyOf(row.userId, row.id, id, extension), bytes, request.contentType);
    return { id };
  }

  /** Printify's mockups kept beside the design, draft by draft, in order. */
  private async external(row: StoredAsset): Promise<Mockup[]> {
    const keys = await this.files.externalMockupKeys(row.userId, row.id);
    const products = new Map<string, string>();
    await Promise.all(
      keys
        .filter((key) => key.endsWith('.json'))
        .map(async (key) => {
          const set = /mockup-(printify-[0-9a-f]{8})\.json$/.exec(key)?.[1];
          if (!set) return;
          const { product } = JSON.parse((await this.files.readSource(key)).toString('utf8')) as { product?: string };
          products.set(set, product ?? 'product');
        }),
    );
    return keys
      .map((key) => /mockup-((printify-[0-9a-f]{8})-(\d+))\.(?:jpg|png)$/.exec(key))
      .filter((match): match is RegExpExecArray => match !== null)
      .sort((a, b) => a[2]!.localeCompare(b[2]!) || Number(a[3]) - Number(b[3]))
      .map((match) => ({
        id: match[1]!,
        product: products.get(match[2]!) ?? 'product',
        colour: 'Printify',
        url: urlOf(row.id, match[1]!),
        source: 'printify' as const,
      }));
  }

  async resolve(request: { userId: string; assetId: string; mockupId: string }) {
    const row = await this.owned(request.userId, request.assetId);
    if (PRINTIFY_MOCKUP_ID.test(request.mockupId)) return this.resolveExternal(row, request.mockupId);
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

  private async resolveExternal(row: StoredAsset, mockupId: string) {
    const key = (await this.files.externalMockupKeys(row.userId, row.id)).find((candidate) =>
      new RegExp(`/mockup-${mockupId}\\.(jpg|png)$`).test(candidate),
    );
    if (!key) throw new AppError('NOT_FOUND', ASSET_NOT_FOUND);
    const extension = key.endsWith('.png') ? 'png' : 'jpg';
    return {
      key,
      contentType: extension === 'png' ? 'image/png' : 'image/jpeg',
      fileName: downloadFileName(row.prompt, null, `mockup-${mockupId}`, extension),
      // Printify's set of a draft can be sent again: not immutable, revalidated by its etag.
      etag: `"${row.etag}-${mockupId}"`,
      immutable: false,
    };
  }

  /** The design's set, made first if need be: each mockup's id and storage key (a listing kit packs them). */
  async keysFor(row: StoredAsset): Promise<Array<{ id: MockupId; key: string }>> {
    await this.ensure(row);
    return MOCKUPS.map(({ id }) => ({ id, key: this.files.mockupKeyOf(row.userId, row.id, id) }));
  }

  private async owned(userId: string, assetId: string): Promise<StoredAsset> {
    const row = await this.assets.findOwned(userId, assetId);
    if (!row) throw new AppError('NOT_FOUND', ASSET_NOT_FOUND);
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
