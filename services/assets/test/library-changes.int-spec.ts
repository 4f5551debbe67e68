import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ASSETS, BROADCASTS, libraryChangedBroadcast, type AppError } from '@printloom/contracts';
import { RpcClient, connectNats, type NatsConnection } from '@printloom/service-kit';
import type { ObjectStorage } from '@printloom/storage';
import { AssetLifecycle } from '../src/asset-lifecycle.service.js';
import { ingestPng, smallPng, startAssetsTestSystem, type AssetsTestSystem } from './support/assets-system.js';

// Gateways cache library pages and drop a user's pages on `assets.library.changed`. Every write that
// changes what the list shows must announce the user before the request answers; reads and refused
// writes announce nothing. Requests and the subscription share one connection, so a broadcast sent
// before the reply is already here when the reply is.
describe('assets announces every change of a library (real PostgreSQL and NATS)', () => {
  let system: AssetsTestSystem<ObjectStorage>;
  let nc: NatsConnection;
  let rpc: RpcClient;
  let png: Buffer;
  const announced: string[] = [];

  const db = () => system.assets.infra.dataSource;
  const ingest = (userId: string) => ingestPng(system, userId, png, { variants: ['A', 'B'], prompt: 'announced' });
  /** The users `action` announced (each once, however many of their images it changed), once it answered. */
  async function announcedBy(action: () => Promise<unknown>): Promise<string[]> {
    announced.length = 0;
    await action();
    return [...new Set(announced)];
  }

  beforeAll(async () => {
    system = await startAssetsTestSystem({ name: 'library-changes' });
    nc = await connectNats(system.env.NATS_URL!, 'test');
    rpc = new RpcClient(nc, 10_000);
    nc.subscribe(BROADCASTS.libraryChanged, {
      callback: (_error, msg) => {
        announced.push(libraryChangedBroadcast.parse(JSON.parse(new TextDecoder().decode(msg.data))).userId);
      },
    });
    await nc.flush();
    png = await smallPng();
  }, 60_000);

  afterAll(async () => {
    await nc?.drain();
    await system?.close();
  }, 30_000);

  it('announces new images, a star and an un-star, derived images and deletes; never a read', async () => {
    const userId = randomUUID();
    let ids: string[] = [];
    expect(await announcedBy(async () => (ids = await ingest(userId)))).toEqual([userId]);
    const [first, second] = ids as [string, string];
    expect(await announcedBy(() => rpc.request(ASSETS.list, { userId, starred: false }))).toEqual([]);
    expect(await announcedBy(() => rpc.request(ASSETS.usage, { userId }))).toEqual([]);
    expect(await announcedBy(() => rpc.request(ASSETS.star, { userId, assetId: first }))).toEqual([userId]);
    expect(await announcedBy(() => rpc.request(ASSETS.star, { userId, assetId: first }))).toEqual([userId]);
    expect(await announcedBy(() => rpc.request(ASSETS.removeBackground, { userId, assetId: first }))).toEqual([userId]);
    expect(await announcedBy(() => rpc.request(ASSETS.delete, { userId, assetId: second }))).toEqual([userId]);
    expect(await announcedBy(() => rpc.request(ASSETS.bulkDelete, { userId, ids: [first] }))).toEqual([userId]);
  });

  it('announces nothing for a refused write (someone else’s image, a missing one)', async () => {
    const owner = randomUUID();
    const [assetId] = (await ingest(owner)) as [string];
    const stranger = randomUUID();
    const outcomes: string[] = [];
    const outcomeOf = (request: Promise<unknown>) =>
      request.then(
        () => outcomes.push('answered'),
        (error: AppError) => outcomes.push(error.code),
      );
    expect(await announcedBy(() => outcomeOf(rpc.request(ASSETS.star, { userId: stranger, assetId })))).toEqual([]);
    expect(await announcedBy(() => outcomeOf(rpc.request(ASSETS.bulkDelete, { userId: owner, ids: [assetId, randomUUID()] })))).toEqual([]);
    expect(outcomes).toEqual(['NOT_FOUND', 'NOT_FOUND']);
    expect((await rpc.request(ASSETS.list, { userId: owner, starred: false })).assets.map((asset) => asset.id)).toContain(assetId);
  });

  it('announces the owners of images the expiry sweep takes, and of an account being purged', async () => {
    const expiring = randomUUID();
    const leaving = randomUUID();
    const [expired] = (await ingest(expiring)) as [string];
    await ingest(leaving);
    await db().query(`UPDATE assets.assets SET expires_at = now() - interval '1 second' WHERE id = $1`, [expired]);
    const lifecycle = system.assets.app.get(AssetLifecycle);
    expect(await announcedBy(() => lifecycle.sweepExpired())).toEqual([expiring]);
    expect(await announcedBy(() => lifecycle.purgeUser(leaving))).toEqual([leaving]);
    expect(await announcedBy(() => lifecycle.sweepExpired())).toEqual([]);
  });
});
