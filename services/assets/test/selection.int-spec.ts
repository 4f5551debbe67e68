import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ASSETS, BATCH_MESSAGES, GENERATION, type RpcRequestInput } from '@printloom/contracts';
import { connectNats, type NatsConnection } from '@printloom/service-kit';
import type { ObjectStorage } from '@printloom/storage';
import { ingestPng, smallPng, startAssetsTestSystem, type AssetsTestSystem } from './support/assets-system.js';

type Membership = Array<{ assetId: string; position: number }>;

/**
 * `assets.selection.resolve` against real PostgreSQL and NATS: picked ids and whole collections, and the
 * once-only backfill of a collection's older designs. Generation's `batchMembership` is answered by a
 * stand-in on NATS that knows the collections the tests make, counts what it is asked, and can fail.
 */
describe('the selection of designs in assets (real PostgreSQL and NATS)', () => {
  let system: AssetsTestSystem<ObjectStorage>;
  let nc: NatsConnection;
  let png: Buffer;
  const collections = new Map<string, { userId: string; designs: Membership }>();
  const asked: string[] = [];
  let failNext = false;

  const resolve = (request: RpcRequestInput<typeof ASSETS.resolveSelection>) => system.rpc.request(ASSETS.resolveSelection, request);
  const idsOf = async (request: RpcRequestInput<typeof ASSETS.resolveSelection>) =>
    (await resolve(request)).designs.map((design) => design.assetId);
  const db = () => system.assets.infra.dataSource;
  const ingest = (userId: string, prompt: string, batch?: { id: string; position: number }) =>
    ingestPng(system, userId, png, { variants: ['A', 'B'], prompt, batch });

  beforeAll(async () => {
    system = await startAssetsTestSystem({ name: 'selection' });
    nc = await connectNats(system.env.NATS_URL!, 'test-generation');
    // Generation's answer, as its handler gives it: each row's designs with the row's position, or a 404.
    nc.subscribe(GENERATION.batchMembership, {
      callback: (_error, msg) => {
        const { data } = JSON.parse(new TextDecoder().decode(msg.data)) as { data: { userId: string; batchId: string } };
        asked.push(data.batchId);
        const collection = collections.get(data.batchId);
        const failing = failNext;
        failNext = false;
        msg.respond(
          JSON.stringify(
            failing
              ? { err: { code: 'UNAVAILABLE', message: 'Could not reach the generation service.' }, isDisposed: true }
              : collection && collection.userId === data.userId
                ? { response: { designs: collection.designs }, isDisposed: true }
                : { err: { code: 'NOT_FOUND', message: BATCH_MESSAGES.notFound }, isDisposed: true },
          ),
        );
      },
    });
    await nc.flush();
    png = await smallPng();
  }, 60_000);

  afterAll(async () => {
    await nc?.drain();
    await system?.close();
  }, 30_000);

  it("answers picked ids in the order asked, leaving out another seller's, missing and deleted ones, up to the limit", async () => {
    const owner = randomUUID();
    const [a, b] = await ingest(owner, 'lighthouse at dusk');
    const [c] = await ingest(owner, 'fox in the snow');
    const [theirs] = await ingest(randomUUID(), 'not yours');

    const { designs } = await resolve({ userId: owner, ids: [c!, theirs!, a!, randomUUID(), b!, a!] });
    expect(designs).toEqual([
      { assetId: c, prompt: 'fox in the snow', variant: 'A' },
      { assetId: a, prompt: 'lighthouse at dusk', variant: 'A' },
      { assetId: b, prompt: 'lighthouse at dusk', variant: 'B' },
    ]);
    await expect(idsOf({ userId: owner, ids: [b!, c!, a!], limit: 2 })).resolves.toEqual([b, c]);

    await system.rpc.request(ASSETS.delete, { userId: owner, assetId: c! });
    await expect(idsOf({ userId: owner, ids: [c!, a!] })).resolves.toEqual([a]);
    await expect(idsOf({ userId: randomUUID(), ids: [a!, b!] })).resolves.toEqual([]);
  });

  it('refuses a request with both ids and batchId, or neither (400)', async () => {
    const userId = randomUUID();
    await expect(resolve({ userId, ids: [randomUUID()], batchId: randomUUID() })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(resolve({ userId } as RpcRequestInput<typeof ASSETS.resolveSelection>)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it("answers a collection's designs in row order from what ingest recorded, up to the limit; another seller's is a 404", async () => {
    const owner = randomUUID();
    const batchId = randomUUID();
    // Rows finish in any order; ingest records each design's row.
    const second = await ingest(owner, 'row two', { id: batchId, position: 2 });
    const first = await ingest(owner, 'row one', { id: batchId, position: 1 });
    const loose = await ingest(owner, 'made outside the collection');
    // Generation knows no design of it yet (its rows recorded theirs after ingest): ingest's record is enough.
    collections.set(batchId, { userId: owner, designs: [] });

    await expect(idsOf({ userId: owner, batchId })).resolves.toEqual([...first, ...second]);
    await expect(idsOf({ userId: owner, batchId, limit: 3 })).resolves.toEqual([...first, second[0]]);
    expect(loose).toHaveLength(2);

    const asksBefore = asked.length;
    await expect(resolve({ userId: randomUUID(), batchId })).rejects.toMatchObject({ code: 'NOT_FOUND', message: BATCH_MESSAGES.notFound });
    // Assets knows whose it is: generation is not asked again.
    expect(asked.length).toBe(asksBefore);
    await expect(resolve({ userId: owner, batchId: randomUUID() })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: BATCH_MESSAGES.notFound,
    });
  });

  it('backfills the designs a collection had before ingest recorded it, once; one cut short resumes', async () => {
    const owner = randomUUID();
    const batchId = randomUUID();
    const rowTwo = await ingest(owner, 'older row two');
    const rowOne = await ingest(owner, 'older row one');
    const gone = randomUUID(); // a design deleted from the library since
    collections.set(batchId, {
      userId: owner,
      designs: [
        ...rowOne.map((assetId) => ({ assetId, position: 1 })),
        { assetId: gone, position: 2 },
        ...rowTwo.map((assetId) => ({ assetId, position: 3 })),
      ],
    });
    // A backfill cut short: one design stamped, the collection not marked done; then generation away.
    await db().query(`INSERT INTO assets.collection_designs (asset_id, batch_id, position) VALUES ($1, $2, 3)`, [rowTwo[1], batchId]);
    failNext = true;
    await expect(resolve({ userId: owner, batchId })).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    const asksOf = () => asked.filter((id) => id === batchId).length;
    expect(asksOf()).toBe(1);

    await expect(idsOf({ userId: owner, batchId })).resolves.toEqual([...rowOne, ...rowTwo]);
    expect(asksOf()).toBe(2);
    // Done once: asked no more, the same answer.
    await expect(idsOf({ userId: owner, batchId })).resolves.toEqual([...rowOne, ...rowTwo]);
    await expect(system.rpc.request(ASSETS.batchQuality, { userId: owner, batchId })).resolves.toMatchObject({ designs: 4 });
    expect(asksOf()).toBe(2);
    const [marked] = await db().query(`SELECT user_id, backfilled_at IS NOT NULL AS done FROM assets.collections WHERE batch_id = $1`, [
      batchId,
    ]);
    expect(marked).toEqual({ user_id: owner, done: true });
    const stamped = await db().query(
      `SELECT asset_id, position FROM assets.collection_designs m JOIN assets.assets a ON a.id = m.asset_id
       WHERE batch_id = $1 ORDER BY position, variant`,
      [batchId],
    );
    expect(stamped).toEqual([
      { asset_id: rowOne[0], position: 1 },
      { asset_id: rowOne[1], position: 1 },
      { asset_id: rowTwo[0], position: 3 },
      { asset_id: rowTwo[1], position: 3 },
    ]);
  });

  it("never gives one seller's design to another's collection", async () => {
    const owner = randomUUID();
    const stranger = randomUUID();
    const batchId = randomUUID();
    const theirs = await ingest(stranger, 'the stranger’s own');
    const mine = await ingest(owner, 'mine');
    // A membership naming another seller's design (it cannot happen; the stamp is by owner all the same).
    collections.set(batchId, { userId: owner, designs: [...mine, ...theirs].map((assetId) => ({ assetId, position: 1 })) });
    await expect(idsOf({ userId: owner, batchId })).resolves.toEqual(mine);
    await expect(db().query(`SELECT batch_id FROM assets.collection_designs WHERE asset_id = ANY($1::uuid[])`, [theirs])).resolves.toEqual(
      [],
    );
  });
});
