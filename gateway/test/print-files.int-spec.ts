import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import sharp from 'sharp';
import { ASSETS, exportPreset } from '@printloom/contracts';
import { renderVariant } from '@printloom/design-engine';
import { RpcClient, connectNats, type NatsConnection } from '@printloom/service-kit';
import { createStorage, storageEnvSchema, userPrefix, type ObjectStorage } from '@printloom/storage';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';
import type { TestClient } from './support/http.js';
import { readStoredZip } from './support/zip.js';

jest.setTimeout(180_000);

const PROMPT = "'Birthday Girl' pink birthday cake";
const GARMENT_COLOURS = { light: 255, dark: 0 } as const;

/** WCAG relative luminance and the share of ink pixels (alpha > 128) at 3:1 against a grey garment: written out here, independent of assets' own. */
async function inkShareOn(png: Buffer, garment: keyof typeof GARMENT_COLOURS) {
  const { data } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const linear = (v: number) => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
  const garmentLuminance = linear(GARMENT_COLOURS[garment]);
  let [ink, reading] = [0, 0];
  for (let i = 0; i < data.length; i += 4) {
    if (data[i + 3]! <= 128) continue;
    ink += 1;
    const y = 0.2126 * linear(data[i]!) + 0.7152 * linear(data[i + 1]!) + 0.0722 * linear(data[i + 2]!);
    if ((Math.max(y, garmentLuminance) + 0.05) / (Math.min(y, garmentLuminance) + 0.05) >= 3) reading += 1;
  }
  return reading / ink;
}

describe('light and dark print files through the gateway (real PostgreSQL, NATS, storage and worker pool)', () => {
  let system: TestSystem;
  let nc: NatsConnection;
  let rpc: RpcClient;
  let storage: ObjectStorage;

  /** An engine design as generation hands it over (drawn for a white shirt), at a twentieth of print size. */
  async function engineDesign(userId: string) {
    const jobId = randomUUID();
    const { png } = await renderVariant({ prompt: PROMPT, dark: false, seed: jobId, scale: 0.05 }, 'B');
    const key = `jobs/${jobId}/B.png`;
    await storage.put(key, png, 'image/png');
    const { assetIds } = await rpc.request(ASSETS.ingest, {
      userId,
      jobId,
      prompt: PROMPT,
      images: [{ variant: 'B', key }],
      dark: false,
      drawnBy: 'engine',
    });
    return { assetId: assetIds[0]!, png };
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

  it('downloads an engine design for a light and a dark garment: right size, transparent, ≥95% of its ink at 3:1', async () => {
    const { client, userId } = await createSignedInUser(system, 'garments@example.com');
    const { assetId, png } = await engineDesign(userId);
    const original = await sharp(png).metadata();
    expect(await inkShareOn(png, 'dark')).toBeLessThan(0.95); // as generated, it does not read on black

    for (const garment of ['light', 'dark'] as const) {
      const { response, body } = await download(client, `/api/download/${assetId}?garment=${garment}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('content-disposition')).toContain(`birthday-girl-B-${garment}.png`);
      const meta = await sharp(body).metadata();
      expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['png', original.width, original.height, true]);
      const { data } = await sharp(body).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      expect(data[3]).toBe(0);
      expect(await inkShareOn(body, garment)).toBeGreaterThanOrEqual(0.95);
    }

    // Without a garment: the design as generated, byte for byte in its pixels.
    const plain = await download(client, `/api/download/${assetId}`);
    expect((await sharp(plain.body).raw().toBuffer()).equals(await sharp(png).raw().toBuffer())).toBe(true);

    const thumbnail = await download(client, `/api/download/${assetId}?garment=dark&size=thumbnail`);
    expect([thumbnail.response.status, thumbnail.response.headers.get('content-type')]).toEqual([200, 'image/webp']);

    const sticker = exportPreset('sticker-3in');
    const exported = await download(client, `/api/download/${assetId}?garment=dark&preset=${sticker.id}`);
    expect(exported.response.status).toBe(200);
    expect(await sharp(exported.body).metadata()).toMatchObject({ width: sticker.width, height: sticker.height });
    expect(await inkShareOn(exported.body, 'dark')).toBeGreaterThanOrEqual(0.95);
  });

  it('a ZIP takes the garment: every file in it is that garment’s', async () => {
    const { client, userId } = await createSignedInUser(system, 'garment-zip@example.com');
    const first = await engineDesign(userId);
    const second = await engineDesign(userId);
    const { response, body } = await download(client, `/api/download/zip?ids=${first.assetId},${second.assetId}&garment=dark`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('printloom-2-images-dark.zip');
    const files = readStoredZip(body);
    expect([...files.keys()].sort()).toEqual(['birthday-girl-B-dark-2.png', 'birthday-girl-B-dark.png']);
    for (const file of files.values()) expect(await inkShareOn(file, 'dark')).toBeGreaterThanOrEqual(0.95);
  });

  it('refuses a garment it does not know with 400 and a message, making nothing', async () => {
    const { client, userId } = await createSignedInUser(system, 'garment-bad@example.com');
    const { assetId } = await engineDesign(userId);
    for (const path of [`/api/download/${assetId}?garment=navy`, `/api/download/zip?ids=${assetId}&garment=`]) {
      const { response, body } = await download(client, path);
      expect(response.status).toBe(400);
      expect(JSON.parse(body.toString())).toMatchObject({
        code: 'BAD_REQUEST',
        error: expect.stringContaining("garment must be 'light' or 'dark'"),
      });
    }
    const kept: string[] = [];
    for await (const object of storage.list(userPrefix(userId))) kept.push(object.key);
    expect(kept.filter((key) => key.includes('garment-'))).toEqual([]);
  });
});
