import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ASSETS } from '@printloom/contracts';
import { RpcClient, connectNats, type NatsConnection } from '@printloom/service-kit';
import { createStorage, storageEnvSchema, type ObjectStorage } from '@printloom/storage';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';
import { ingestNoisyJob } from './support/noisy-designs.js';

/** Reads the first bytes of a response, then leaves (the browser's cancel or closed tab). */
async function readFirstBytesAndLeave(url: string, cookie: string): Promise<number> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { cookie }, signal: controller.signal });
  const reader = response.body!.getReader();
  const { value } = await reader.read();
  controller.abort();
  await reader.cancel().catch(() => undefined);
  return value?.length ?? 0;
}

describe('streamed downloads never take the gateway down', () => {
  let system: TestSystem;
  let nc: NatsConnection;
  let rpc: RpcClient;
  let storage: ObjectStorage;

  beforeAll(async () => {
    system = await startTestSystem({ services: ['auth', 'billing', 'assets'] });
    nc = await connectNats(system.nats.url, 'test');
    rpc = new RpcClient(nc, 30_000);
    storage = createStorage(storageEnvSchema.parse(system.env));
  }, 60_000);

  afterAll(async () => {
    await nc?.drain();
    await system?.close();
  });

  it('survives clients that abort a ZIP after its first bytes, many times, and a file deleted while its ZIP streams', async () => {
    const { client, userId } = await createSignedInUser(system, 'zip-abort@example.com');
    const { assetIds } = await ingestNoisyJob(rpc, storage, userId, "'Abort Mission' retro badge");
    const zipUrl = `${system.baseUrl}/api/download/zip?ids=${assetIds.join(',')}`;

    for (let round = 0; round < 15; round += 1) {
      expect(await readFirstBytesAndLeave(zipUrl, client.cookieHeader)).toBeGreaterThan(0);
      expect((await client.get('/api/health')).status).toBe(200);
    }
    for (let round = 0; round < 5; round += 1) {
      expect(await readFirstBytesAndLeave(`${system.baseUrl}/api/download/${assetIds[0]}`, client.cookieHeader)).toBeGreaterThan(0);
    }

    // A delete races the ZIP: the last asset is deleted (its file with it) after the first bytes went out.
    // Two jobs: ~26 MB, far more than the socket buffers on both sides can hold before the delete.
    const doomed = {
      assetIds: [
        ...(await ingestNoisyJob(rpc, storage, userId, "'Vanishing Act' sticker")).assetIds,
        ...(await ingestNoisyJob(rpc, storage, userId, "'Gone Again' badge")).assetIds,
      ],
    };
    const { files } = await rpc.request(ASSETS.resolveZip, { userId, ids: doomed.assetIds });
    const response = await fetch(`${system.baseUrl}/api/download/zip?ids=${doomed.assetIds.join(',')}`, {
      headers: { cookie: client.cookieHeader },
    });
    const reader = response.body!.getReader();
    await reader.read();
    const lastAssetId = doomed.assetIds.find((id) => files[files.length - 1].key.includes(id))!;
    expect((await client.delete(`/api/assets/${lastAssetId}`)).status).toBe(200);
    expect(existsSync(path.join(system.env.STORAGE_DIR, files[files.length - 1].key))).toBe(false);
    const outcome = await (async () => {
      for (;;) {
        const { done } = await reader.read();
        if (done) return 'ended';
      }
    })().catch(() => 'cut off');
    expect(outcome).toBe('cut off'); // never a ZIP that looks complete but lacks a file

    // The first file already gone (storage lost it): a plain 404 with a message, not a broken download.
    const broken = await ingestNoisyJob(rpc, storage, userId, "'Lost File' patch");
    const brokenFiles = (await rpc.request(ASSETS.resolveZip, { userId, ids: broken.assetIds })).files;
    rmSync(path.join(system.env.STORAGE_DIR, brokenFiles[0].key));
    expect(await client.get(`/api/download/zip?ids=${broken.assetIds.join(',')}`)).toMatchObject({
      status: 404,
      body: { error: 'An image of this selection was just deleted. Please refresh and try again.' },
    });

    expect((await client.get('/api/health')).status).toBe(200);
    const complete = await fetch(zipUrl, { headers: { cookie: client.cookieHeader } });
    expect(complete.status).toBe(200);
    const zip = Buffer.from(await complete.arrayBuffer());
    for (const variant of ['A', 'B', 'C', 'D']) expect(zip.includes(Buffer.from(`abort-mission-${variant}.png`))).toBe(true);
    // The end-of-central-directory record closes a complete ZIP.
    expect(zip.subarray(-22, -18).equals(Buffer.from([0x50, 0x4b, 0x05, 0x06]))).toBe(true);
  }, 120_000);

  it('answers a single download whose stored file is missing with a 404 and a message, not a 500', async () => {
    const { client, userId } = await createSignedInUser(system, 'lost-file@example.com');
    const { assetIds } = await ingestNoisyJob(rpc, storage, userId, "'Lost Single' tag");
    const { files } = await rpc.request(ASSETS.resolveZip, { userId, ids: [assetIds[0]] });
    rmSync(path.join(system.env.STORAGE_DIR, files[0].key));
    expect(await client.get(`/api/download/${assetIds[0]}`)).toMatchObject({
      status: 404,
      body: { error: 'The file of this image is no longer stored. Please refresh and try again.' },
    });
    expect((await client.get(`/api/download/${assetIds[1]}`)).status).toBe(200);
    expect((await client.get('/api/health')).status).toBe(200);
  }, 60_000);
});
