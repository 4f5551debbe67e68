import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { ASSETS, type Asset } from '@printloom/contracts';
import { renderVariant } from '@printloom/design-engine';
import type { ObjectStorage } from '@printloom/storage';
import { jobImageKey } from '@printloom/storage';
import { QualityVerdicts } from '../src/renders/quality/quality-verdicts.service.js';
import { startAssetsTestSystem, type AssetsTestSystem } from './support/assets-system.js';

// Designs appear in the library as soon as they are ingested; their quality verdict follows from the
// background (real PostgreSQL, NATS, worker pool and tesseract).
describe('quality verdicts of stored designs (real PostgreSQL, NATS, worker threads and tesseract)', () => {
  let system: AssetsTestSystem<ObjectStorage>;
  const prompt = "'Taco Tuesday' tacos, comic style";

  async function ingest(
    userId: string,
    png: Buffer,
    extra: { dark?: boolean; drawnBy?: 'engine' | 'image-model'; transparent?: boolean },
    jobId = randomUUID(),
  ) {
    await system.storage.put(jobImageKey(jobId, 'A'), png, 'image/png');
    const { assetIds } = await system.rpc.request(ASSETS.ingest, {
      userId,
      jobId,
      prompt,
      images: [{ variant: 'A', key: jobImageKey(jobId, 'A') }],
      ...extra,
    });
    return assetIds[0]!;
  }
  const list = async (userId: string): Promise<Asset[]> => (await system.rpc.request(ASSETS.list, { userId, starred: false })).assets;
  /** The asset once its verdict is in (polls: the verdict is measured in the background). */
  async function judged(userId: string, assetId: string): Promise<Asset> {
    for (let attempt = 0; attempt < 300; attempt++) {
      const asset = (await list(userId)).find((candidate) => candidate.id === assetId);
      if (asset?.quality) return asset;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`No verdict for ${assetId} after 30 s`);
  }

  beforeAll(async () => {
    system = await startAssetsTestSystem({ name: 'quality', env: { ASSET_QUALITY_VERDICTS: 'true' }, rpcTimeoutMs: 30_000 });
  }, 60_000);

  afterAll(async () => {
    await system?.close();
  }, 30_000);

  it('lists a new design at once and carries its verdict once measured', async () => {
    const userId = randomUUID();
    const jobId = randomUUID();
    const design = await renderVariant({ prompt, dark: true, seed: jobId, scale: 0.4 }, 'A');
    const assetId = await ingest(userId, design.png, { dark: true, drawnBy: 'engine', transparent: true }, jobId);
    const [listed] = await list(userId);
    expect(listed).toMatchObject({ id: assetId });
    const asset = await judged(userId, assetId);
    expect(asset.quality!.checks.map((check) => check.name)).toEqual(['legibility', 'contrast', 'margin', 'transparency']);
    expect(asset.quality!.checks[3]).toEqual({ name: 'transparency', ok: true, detail: 'Transparent background' });
    expect(asset.quality!.checks[2]).toEqual({ name: 'margin', ok: true, detail: 'Nothing within the 2% margin' });
  }, 60_000);

  it('flags a bad design with the reasons, and gives an edited copy no verdict of its own', async () => {
    const userId = randomUUID();
    const opaque = await sharp({ create: { width: 300, height: 360, channels: 4, background: '#FDFDFD' } })
      .png()
      .toBuffer();
    const assetId = await ingest(userId, opaque, { dark: false, drawnBy: 'image-model', transparent: true });
    const asset = await judged(userId, assetId);
    expect(asset.quality!.ok).toBe(false);
    expect(asset.quality!.checks.filter((check) => !check.ok).map((check) => check.name)).toEqual([
      'legibility',
      'contrast',
      'margin',
      'transparency',
    ]);
    const picture = await sharp({ create: { width: 300, height: 360, channels: 4, background: '#FFFFFF' } })
      .composite([{ input: { create: { width: 100, height: 100, channels: 4, background: '#D62828' } }, left: 100, top: 130 }])
      .png()
      .toBuffer();
    const original = await ingest(userId, picture, { dark: false, drawnBy: 'image-model', transparent: false });
    const cut = await system.rpc.request(ASSETS.removeBackground, { userId, assetId: original });
    await judged(userId, original);
    const copy = (await list(userId)).find((candidate) => candidate.id === cut.asset.id)!;
    expect(copy.kind).toBe('background-removed');
    expect(copy).not.toHaveProperty('quality');
  }, 60_000);

  it('takes over a design whose measuring instance stopped (its claim ran out)', async () => {
    const userId = randomUUID();
    const png = await sharp({ create: { width: 300, height: 360, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const db = system.assets.infra.dataSource;
    const verdicts = system.assets.app.get(QualityVerdicts);
    const jobId = randomUUID();
    await system.storage.put(jobImageKey(jobId, 'A'), png, 'image/png');
    const { assetIds } = await system.rpc.request(ASSETS.ingest, {
      userId,
      jobId,
      prompt: 'a quiet night',
      images: [{ variant: 'A', key: jobImageKey(jobId, 'A') }],
    });
    // As if an instance claimed it ten minutes ago and died before storing its verdict.
    await db.query(`UPDATE assets.assets SET quality = NULL, quality_claimed_at = now() - interval '10 minutes' WHERE id = $1`, [
      assetIds[0],
    ]);
    await verdicts.measurePending();
    const asset = await judged(userId, assetIds[0]!);
    expect(asset.quality!.checks[0]).toEqual({ name: 'legibility', ok: true, detail: 'No text to read' });
  }, 60_000);
});
