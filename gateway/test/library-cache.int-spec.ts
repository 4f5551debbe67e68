import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { ASSETS, type Asset } from '@printloom/contracts';
import { RpcClient, connectNats, type NatsConnection } from '@printloom/service-kit';
import { createStorage, jobImageKey, storageEnvSchema, type ObjectStorage } from '@printloom/storage';
import type { RunningGateway } from '../src/start.js';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';
import type { TestClient } from './support/http.js';

type Page = { assets: Asset[]; nextCursor: string | null };

// Two gateway instances, each caching the pages of every user's library list. Assets announces every
// change of a library before the changing request answers: the next list on either instance never
// shows the library from before an action the user (or a generation, or the expiry sweep) just took.
describe('the library page cache across two gateway instances (real PostgreSQL, NATS and storage)', () => {
  let system: TestSystem;
  let second: RunningGateway;
  let nc: NatsConnection;
  let rpc: RpcClient;
  let storage: ObjectStorage;
  let png: Buffer;
  const assetsDb = () => system.services.assets!.infra.dataSource;

  async function list(client: TestClient, query = ''): Promise<Page> {
    const response = await client.get<Page>(`/api/assets${query}`);
    if (response.status !== 200) throw new Error(`GET /api/assets${query}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  }
  const promptsOn = async (client: TestClient, query = '') => (await list(client, query)).assets.map((asset) => asset.job.prompt);

  /** What a generation worker does: stage the print files, hand the keys to assets. */
  async function ingest(userId: string, prompt: string): Promise<string[]> {
    const jobId = randomUUID();
    await storage.put(jobImageKey(jobId, 'A'), png, 'image/png');
    return (await rpc.request(ASSETS.ingest, { userId, jobId, prompt, images: [{ variant: 'A', key: jobImageKey(jobId, 'A') }] })).assetIds;
  }

  /** A signed-in user with one image, whose first page both instances have cached. */
  async function userWithImage(email: string, prompt: string) {
    const { client, userId } = await createSignedInUser(system, email);
    const [assetId] = (await ingest(userId, prompt)) as [string];
    const other = client.on(second.url);
    expect(await promptsOn(client)).toEqual([prompt]);
    expect(await promptsOn(other)).toEqual([prompt]);
    return { client, other, userId, assetId };
  }

  beforeAll(async () => {
    system = await startTestSystem({
      services: ['auth', 'billing', 'assets'],
      env: { SESSION_CACHE_TTL_MS: '600000', LIBRARY_CACHE_TTL_MS: '600000' },
    });
    second = await system.startGatewayInstance();
    nc = await connectNats(system.nats.url, 'test');
    rpc = new RpcClient(nc, 10_000);
    storage = createStorage(storageEnvSchema.parse(system.env));
    png = await sharp({ create: { width: 60, height: 80, channels: 4, background: '#e63946' } })
      .png()
      .toBuffer();
  }, 60_000);

  afterAll(async () => {
    await nc?.drain();
    await system?.close();
  }, 30_000);

  it('answers from the cache until assets announces a change: a star on one instance shows at once on the other', async () => {
    const { client, other, assetId } = await userWithImage('starring@example.com', 'cat astronaut');

    // Proof that both instances answer from their caches: a change assets never announced stays unseen.
    await assetsDb().query(`UPDATE assets.assets SET prompt = 'renamed behind the cache' WHERE id = $1`, [assetId]);
    expect(await promptsOn(client)).toEqual(['cat astronaut']);
    expect(await promptsOn(other)).toEqual(['cat astronaut']);

    expect((await client.patch(`/api/assets/${assetId}/star`)).status).toBe(200);
    const starred = (await list(other)).assets[0]!;
    expect(starred).toMatchObject({ id: assetId, starred: true, job: { prompt: 'renamed behind the cache' } });
    expect((await list(other, '?starred=true')).assets.map((asset) => asset.id)).toEqual([assetId]);
    expect((await other.patch(`/api/assets/${assetId}/star`)).status).toBe(200);
    expect((await list(client, '?starred=true')).assets).toEqual([]);
    expect((await list(client)).assets[0]!.starred).toBe(false);
  });

  it("shows a new job's images and a delete at once on both instances", async () => {
    const { client, other, userId, assetId } = await userWithImage('generating@example.com', 'first job');
    await ingest(userId, 'second job');
    expect(await promptsOn(other)).toEqual(['second job', 'first job']);
    expect(await promptsOn(client)).toEqual(['second job', 'first job']);

    expect((await other.delete(`/api/assets/${assetId}`)).status).toBe(200);
    expect(await promptsOn(client)).toEqual(['second job']);
    expect(await promptsOn(other)).toEqual(['second job']);
  });

  it('keeps each query its own page, and never caches a refused one', async () => {
    const { client } = await userWithImage('searching@example.com', 'retro sunset');
    expect(await promptsOn(client, '?search=sunset')).toEqual(['retro sunset']);
    expect(await promptsOn(client, '?search=moon')).toEqual([]);
    expect((await client.get('/api/assets?starred=maybe')).status).toBe(400);
    expect((await client.get('/api/assets?starred=maybe')).status).toBe(400);
  });

  it('never shows an image past its expiry, on either instance', async () => {
    const { client, userId } = await createSignedInUser(system, 'expiring-images@example.com');
    const [assetId] = (await ingest(userId, 'short-lived')) as [string];
    await assetsDb().query(`UPDATE assets.assets SET expires_at = now() + interval '2 seconds' WHERE id = $1`, [assetId]);
    const other = client.on(second.url);
    expect(await promptsOn(client)).toEqual(['short-lived']);
    expect(await promptsOn(other)).toEqual(['short-lived']);
    const [{ ms }] = await assetsDb().query(
      `SELECT ceil(extract(epoch FROM expires_at - now()) * 1000)::int AS ms FROM assets.assets WHERE id = $1`,
      [assetId],
    );
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, ms) + 50));
    expect(await promptsOn(client)).toEqual([]);
    expect(await promptsOn(other)).toEqual([]);
  });

  it('answers a cached page with the same headers and bytes as the first, routed answer; a signed-out request is refused', async () => {
    const { client } = await userWithImage('same-page-bytes@example.com', 'byte for byte');
    const url = `${system.baseUrl}/api/assets?search=byte`;
    const first = await fetch(url, { headers: { cookie: client.cookieHeader } });
    const cached = await fetch(url, { headers: { cookie: client.cookieHeader } });
    const headersOf = (response: Response) => [...response.headers].filter(([name]) => name !== 'date' && name !== 'x-request-id');
    expect(cached.status).toBe(200);
    expect(headersOf(cached)).toEqual(headersOf(first));
    expect(await cached.text()).toBe(await first.text());
    const revalidated = await new Promise<number | undefined>((resolve, reject) => {
      http
        .get(url, { headers: { cookie: client.cookieHeader, 'if-none-match': first.headers.get('etag')! } }, (res) =>
          resolve(res.resume().statusCode),
        )
        .on('error', reject);
    });
    expect(revalidated).toBe(304);
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { cookie: 'pl_session=not-a-session' } })).status).toBe(401);
  });
});
