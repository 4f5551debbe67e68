import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import sharp from 'sharp';
import { ASSETS, EXPORT_PRESETS } from '@printloom/contracts';
import { RpcClient, connectNats, type NatsConnection } from '@printloom/service-kit';
import { assetKey, createStorage, storageEnvSchema, type ObjectStorage } from '@printloom/storage';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';
import type { TestClient } from './support/http.js';
import { readStoredZip } from './support/zip.js';

// Poster-sized files take seconds to make on a busy machine.
jest.setTimeout(180_000);

const PROMPT = "a cat astronaut, 'Space Meow' in retro letters";

/** A print original like the engine's: 450×540, transparent, the art centred with a margin. */
function transparentDesign() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="450" height="540"><rect x="75" y="60" width="300" height="420" rx="40" fill="#e63946"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const textOf = async (png: Buffer) =>
  Object.fromEntries(((await sharp(png).metadata()).comments ?? []).map((comment) => [comment.keyword, comment.text]));

/** The box of pixels that are not fully transparent (or not white, for an opaque file). */
async function drawnBox(png: Buffer, opaque: boolean) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let [left, top, right, bottom] = [info.width, info.height, -1, -1];
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const index = (y * info.width + x) * 4;
      const drawn = opaque ? data[index + 1]! < 250 : data[index + 3]! > 0;
      if (!drawn) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  return { left, top, right: info.width - 1 - right, bottom: info.height - 1 - bottom };
}

describe('export presets through the gateway (real PostgreSQL, NATS and storage)', () => {
  let system: TestSystem;
  let nc: NatsConnection;
  let rpc: RpcClient;
  let storage: ObjectStorage;

  async function ingest(userId: string, original: Buffer, prompt = PROMPT) {
    const jobId = randomUUID();
    const key = `jobs/${jobId}/A.png`;
    await storage.put(key, original, 'image/png');
    const { assetIds } = await rpc.request(ASSETS.ingest, { userId, jobId, prompt, images: [{ variant: 'A', key }] });
    return { jobId, assetId: assetIds[0]! };
  }

  const download = (client: TestClient, path: string, headers: Record<string, string> = {}) => client.download(path, headers);

  beforeAll(async () => {
    system = await startTestSystem({ services: ['auth', 'billing', 'assets'] });
    nc = await connectNats(system.nats.url, 'test');
    rpc = new RpcClient(nc, 150_000);
    storage = createStorage(storageEnvSchema.parse(system.env));
  });

  afterAll(async () => {
    await nc?.drain();
    await system?.close();
  });

  it('lists the presets from the contracts, with the marketplaces\u2019 sizes', async () => {
    const { client } = await createSignedInUser(system, 'presets@example.com');
    const response = await client.get<{
      presets: Array<{ id: string; width: number; height: number; dpi: number; opaque: boolean; maxBytes: number }>;
    }>('/api/export-presets');
    expect(response.status).toBe(200);
    expect(response.body.presets).toEqual(EXPORT_PRESETS);
    const sizes = Object.fromEntries(response.body.presets.map((preset) => [preset.id, [preset.width, preset.height]]));
    expect(sizes).toMatchObject({
      'merch-by-amazon-tshirt': [4500, 5400],
      'printify-teepublic-tshirt': [4500, 5400],
      'printful-dtg-tshirt': [3600, 4800],
      'society6-tshirt': [3300, 5100],
      'mug-11oz': [2700, 1050],
      'mug-15oz': [2700, 1140],
      'sticker-3in': [900, 900],
      'poster-18x24': [5400, 7200],
      tote: [4500, 4500],
    });
    expect(response.body.presets.filter((preset) => preset.opaque).map((preset) => preset.id)).toEqual(['poster-18x24']);
  });

  it('exports a transparent print file at the exact size, fitted in the 2% margin, 300 DPI sRGB, named and stamped', async () => {
    const { client, userId } = await createSignedInUser(system, 'export@example.com');
    const { assetId, jobId } = await ingest(userId, await transparentDesign());
    for (const [preset, width, height] of [
      ['sticker-3in', 900, 900],
      ['mug-11oz', 2700, 1050],
    ] as const) {
      const { response, body } = await download(client, `/api/download/${assetId}?preset=${preset}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('content-disposition')).toContain(`attachment; filename="space-meow-${preset}.png"`);
      const meta = await sharp(body).metadata();
      expect([meta.width, meta.height, meta.hasAlpha, meta.density, meta.space]).toEqual([width, height, true, 300, 'srgb']);
      expect(meta.icc).toBeDefined();
      // Fitted: the art fills the safe area on its limiting side and never enters the 2% band.
      const margins = await drawnBox(body, false);
      for (const [side, pixels] of Object.entries(margins)) {
        const band = Math.floor((side === 'left' || side === 'right' ? width : height) * 0.02);
        expect([side, pixels >= band]).toEqual([side, true]);
      }
      const limiting = Math.min(Math.max(margins.top, margins.bottom) / height, Math.max(margins.left, margins.right) / width);
      expect(limiting).toBeLessThan(0.03);
      const corner = await sharp(body).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer();
      expect(corner[3]).toBe(0);
      expect(await textOf(body)).toMatchObject({
        Title: 'Space Meow',
        Description: PROMPT,
        Software: 'Printloom',
        'Job ID': jobId,
        Variant: 'A',
      });
      expect(Date.parse((await textOf(body))['Creation Time']!)).not.toBeNaN();
    }
  });

  it('exports posters opaque: white padding, no transparency', async () => {
    const { client, userId } = await createSignedInUser(system, 'poster@example.com');
    const { assetId } = await ingest(userId, await transparentDesign());
    const { response, body } = await download(client, `/api/download/${assetId}?preset=poster-18x24`);
    expect(response.status).toBe(200);
    const meta = await sharp(body).metadata();
    expect([meta.width, meta.height, meta.hasAlpha, meta.density]).toEqual([5400, 7200, false, 300]);
    const corner = await sharp(body).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer();
    expect([...corner]).toEqual([255, 255, 255]);
    // Checked on a tenth-size copy: the white band is 2% of each side there too.
    const small = await sharp(body).resize(540, 720, { kernel: 'nearest' }).png().toBuffer();
    const margins = await drawnBox(small, true);
    expect(Math.min(margins.top, margins.bottom)).toBeGreaterThanOrEqual(Math.floor(720 * 0.02));
    expect(Math.min(margins.left, margins.right)).toBeGreaterThanOrEqual(Math.floor(540 * 0.02));
  });

  it('makes each export once per asset and preset, then serves the kept file (ETag, 304)', async () => {
    const { client, userId } = await createSignedInUser(system, 'cache@example.com');
    const { assetId } = await ingest(userId, await transparentDesign());
    expect(await storage.stat(assetKey(userId, assetId, 'export-tote.png'))).toBeNull();
    const first = await download(client, `/api/download/${assetId}?preset=tote`);
    expect(first.response.status).toBe(200);
    expect(await storage.stat(assetKey(userId, assetId, 'export-tote.png'))).not.toBeNull();
    const etag = first.response.headers.get('etag')!;
    expect(first.response.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const again = await download(client, `/api/download/${assetId}?preset=tote`);
    expect(again.body.equals(first.body)).toBe(true);
    expect((await download(client, `/api/download/${assetId}?preset=tote`, { 'if-none-match': etag })).response.status).toBe(304);
    expect((await download(client, `/api/download/${assetId}?preset=sticker-3in`)).response.headers.get('etag')).not.toBe(etag);
  });

  it('refuses a file over the preset\u2019s byte cap with a clear 422, and keeps nothing', async () => {
    const { client, userId } = await createSignedInUser(system, 'cap@example.com');
    const noise = await sharp(randomBytes(1000 * 1200 * 3), { raw: { width: 1000, height: 1200, channels: 3 } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    const { assetId } = await ingest(userId, noise);
    const response = await client.get(`/api/download/${assetId}?preset=merch-by-amazon-tshirt`);
    expect(response.status).toBe(422);
    expect(response.body.error).toMatch(
      /^This image exported for Merch by Amazon T-shirt would be \d+\.\d MB, over that product's 25\.0 MB limit$/,
    );
    expect(await storage.stat(assetKey(userId, assetId, 'export-merch-by-amazon-tshirt.png'))).toBeNull();
  });

  it('answers 400 for an unknown preset or a preset with a size, and 404 for another user\u2019s asset', async () => {
    const { client, userId } = await createSignedInUser(system, 'owner-export@example.com');
    const { assetId } = await ingest(userId, await transparentDesign());
    const unknown = await client.get(`/api/download/${assetId}?preset=billboard`);
    expect(unknown.status).toBe(400);
    expect(String(unknown.body.error)).toContain('preset must be one of: merch-by-amazon-tshirt');
    expect(await client.get(`/api/download/${assetId}?preset=tote&size=thumbnail`)).toMatchObject({
      status: 400,
      body: { error: 'Ask for a size or a preset, not both' },
    });
    const thief = await createSignedInUser(system, 'thief-export@example.com');
    expect(await thief.client.get(`/api/download/${assetId}?preset=tote`)).toMatchObject({ status: 404 });
    expect(await storage.stat(assetKey(userId, assetId, 'export-tote.png'))).toBeNull();
  });

  it('exports a selection as one ZIP: each file fitted to the preset, named after slogan and preset', async () => {
    const { client, userId } = await createSignedInUser(system, 'zip-export@example.com');
    const first = await ingest(userId, await transparentDesign());
    const second = await ingest(userId, await transparentDesign()); // the same slogan: numbered, not overwritten
    const third = await ingest(userId, await transparentDesign(), 'a fox in a canoe');
    const ids = [first.assetId, second.assetId, third.assetId];
    const { response, body } = await download(client, `/api/download/zip?ids=${ids.join(',')}&preset=sticker-3in`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toContain('attachment; filename="printloom-3-images-sticker-3in.zip"');
    const files = readStoredZip(body);
    expect([...files.keys()].sort()).toEqual([
      'a-fox-in-a-canoe-sticker-3in.png',
      'space-meow-sticker-3in-2.png',
      'space-meow-sticker-3in.png',
    ]);
    for (const png of files.values()) {
      const meta = await sharp(png).metadata();
      expect([meta.width, meta.height, meta.hasAlpha, meta.density]).toEqual([900, 900, true, 300]);
      expect(await textOf(png)).toMatchObject({ Software: 'Printloom' });
    }
    // Made once and kept, like a single export.
    for (const id of ids) expect(await storage.stat(assetKey(userId, id, 'export-sticker-3in.png'))).not.toBeNull();
    // Without a preset the same selection is the originals, as before.
    const originals = readStoredZip((await download(client, `/api/download/zip?ids=${ids.join(',')}`)).body);
    for (const png of originals.values()) expect((await sharp(png).metadata()).width).toBe(450);
  });

  it('refuses a ZIP export with an unknown preset (400) or another user’s image (404), and makes nothing', async () => {
    const { client, userId } = await createSignedInUser(system, 'zip-owner@example.com');
    const { assetId } = await ingest(userId, await transparentDesign());
    const unknown = await client.get(`/api/download/zip?ids=${assetId}&preset=billboard`);
    expect(unknown.status).toBe(400);
    expect(String(unknown.body.error)).toContain('preset must be one of: merch-by-amazon-tshirt');
    const thief = await createSignedInUser(system, 'zip-thief@example.com');
    const theirs = await ingest(thief.userId, await transparentDesign());
    expect(await thief.client.get(`/api/download/zip?ids=${theirs.assetId},${assetId}&preset=tote`)).toMatchObject({
      status: 404,
      body: { error: 'Image not found' },
    });
    expect(await storage.stat(assetKey(userId, assetId, 'export-tote.png'))).toBeNull();
    expect(await storage.stat(assetKey(thief.userId, theirs.assetId, 'export-tote.png'))).toBeNull();
  });

  it('answers a ZIP export whose first file is over the cap with the clear 422, before any byte of ZIP', async () => {
    const { client, userId } = await createSignedInUser(system, 'zip-cap@example.com');
    const noise = await sharp(randomBytes(1000 * 1200 * 3), { raw: { width: 1000, height: 1200, channels: 3 } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    const { assetId } = await ingest(userId, noise);
    const response = await client.get(`/api/download/zip?ids=${assetId}&preset=merch-by-amazon-tshirt`);
    expect(response.status).toBe(422);
    expect(response.body.error).toMatch(
      /^This image exported for Merch by Amazon T-shirt would be \d+\.\d MB, over that product's 25\.0 MB limit$/,
    );
  });

  it('answers a ZIP export whose later file is over the cap with the clear 422 before streaming: no ZIP, no cut-off', async () => {
    const { client, userId } = await createSignedInUser(system, 'zip-cap-later@example.com');
    const fits = await ingest(userId, await transparentDesign());
    const noise = await sharp(randomBytes(1000 * 1200 * 3), { raw: { width: 1000, height: 1200, channels: 3 } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    const tooBig = await ingest(userId, noise, 'static on the telly');
    const { response, body } = await download(
      client,
      `/api/download/zip?ids=${fits.assetId},${tooBig.assetId}&preset=merch-by-amazon-tshirt`,
    );
    expect(response.status).toBe(422);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('content-disposition')).toBeNull();
    const error = JSON.parse(body.toString('utf8')) as { error: string; code: string };
    expect(error.code).toBe('UNPROCESSABLE');
    expect(error.error).toMatch(
      /^This image exported for Merch by Amazon T-shirt would be \d+\.\d MB, over that product's 25\.0 MB limit$/,
    );
    // Not a byte of ZIP went out (a ZIP starts with the local file header "PK\x03\x04").
    expect(body.subarray(0, 2).toString('latin1')).not.toBe('PK');
    // The file that fits was made and kept for the next try; the one over the cap was not.
    expect(await storage.stat(assetKey(userId, fits.assetId, 'export-merch-by-amazon-tshirt.png'))).not.toBeNull();
    expect(await storage.stat(assetKey(userId, tooBig.assetId, 'export-merch-by-amazon-tshirt.png'))).toBeNull();
  });

  it('stamps the text chunks on stored originals and on every download, files stored before stamping included', async () => {
    const { client, userId } = await createSignedInUser(system, 'stamp@example.com');
    const { assetId, jobId } = await ingest(userId, await transparentDesign());
    const stored = await storage.getBuffer(assetKey(userId, assetId, 'original.png'));
    expect(await textOf(stored)).toMatchObject({ Title: 'Space Meow', Software: 'Printloom', 'Job ID': jobId, Variant: 'A' });
    // An original written before this change: no text at all.
    await storage.put(assetKey(userId, assetId, 'original.png'), await transparentDesign(), 'image/png');
    const { response, body } = await download(client, `/api/download/${assetId}`);
    expect(response.status).toBe(200);
    expect(await textOf(body)).toMatchObject({
      Title: 'Space Meow',
      Description: PROMPT,
      Software: 'Printloom',
      'Job ID': jobId,
      Variant: 'A',
    });
    expect((await sharp(body).metadata()).width).toBe(450);
    // The ZIP stores its PNGs as they are (no compression): the stamped text is there in the bytes.
    const zip = await download(client, `/api/download/zip?ids=${assetId}`);
    expect(zip.response.status).toBe(200);
    expect(zip.body.includes(Buffer.from('Software\0Printloom', 'latin1'))).toBe(true);
    expect(zip.body.includes(Buffer.from(`Job ID\0${jobId}`, 'latin1'))).toBe(true);
  });
});
