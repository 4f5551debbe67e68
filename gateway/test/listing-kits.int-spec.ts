import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import sharp from 'sharp';
import { ASSETS, KIT_CSV_COLUMNS, MOCKUP_IDS, type KitJob, type KitListing } from '@printloom/contracts';
import { RpcClient, connectNats, type NatsConnection } from '@printloom/service-kit';
import { waitFor } from '@printloom/service-kit/testing';
import { createStorage, storageEnvSchema, type ObjectStorage } from '@printloom/storage';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';
import { readStoredZip } from './support/zip.js';

jest.setTimeout(180_000);

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

describe('listing kits through the gateway (real PostgreSQL, NATS, storage, worker pool and listings)', () => {
  let system: TestSystem;
  let nc: NatsConnection;
  let rpc: RpcClient;
  let storage: ObjectStorage;

  /** Designs of `userId` (up to 4 per job, variants A–D), as generation hands them over. */
  async function ingest(userId: string, prompt: string, count = 1): Promise<string[]> {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="360"><circle cx="150" cy="150" r="110" fill="#e76f51"/></svg>`;
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    const ids: string[] = [];
    for (let start = 0; start < count; start += 4) {
      const jobId = randomUUID();
      const variants = (['A', 'B', 'C', 'D'] as const).slice(0, Math.min(4, count - start));
      const images = await Promise.all(
        variants.map(async (variant) => {
          const key = `jobs/${jobId}/${variant}.png`;
          await storage.put(key, png, 'image/png');
          return { variant, key };
        }),
      );
      ids.push(...(await rpc.request(ASSETS.ingest, { userId, jobId, prompt, images })).assetIds);
    }
    return ids;
  }

  beforeAll(async () => {
    system = await startTestSystem({
      services: ['auth', 'billing', 'assets', 'listings'],
      env: { DESIGN_JOB_INTERVAL_MS: '300' },
    });
    nc = await connectNats(system.nats.url, 'test');
    rpc = new RpcClient(nc, 60_000);
    storage = createStorage(storageEnvSchema.parse(system.env));
  });

  afterAll(async () => {
    await nc?.drain();
    await system?.close();
  });

  /** The kit's ZIP checked entry by entry: each design's two print files and 8 mockups, listings per marketplace. */
  function expectKit(files: Map<string, Buffer>, designs: Array<{ assetId: string; folder: string }>) {
    const expected = [
      ...designs.flatMap(({ folder }) => [
        `${folder}/${folder}-light.png`,
        `${folder}/${folder}-dark.png`,
        ...MOCKUP_IDS.map((id) => `${folder}/mockups/${id}.jpg`),
      ]),
      ...['etsy', 'merch', 'generic'].flatMap((target) => [`${target}/listing.json`, `${target}/listing.csv`]),
    ];
    expect([...files.keys()].sort()).toEqual(expected.sort());
    for (const [name, body] of files) {
      if (name.endsWith('.png')) expect(body.subarray(0, 4)).toEqual(PNG_SIGNATURE);
      if (name.endsWith('.jpg')) expect(body.subarray(0, 3)).toEqual(JPEG_SIGNATURE);
    }
    for (const target of ['etsy', 'merch', 'generic']) {
      const json = JSON.parse(files.get(`${target}/listing.json`)!.toString('utf8')) as {
        target: string;
        note: string;
        listings: KitListing[];
      };
      expect(json.target).toBe(target);
      expect(json.note).toMatch(/not legal advice/);
      expect(json.listings.map((listing) => [listing.assetId, listing.design])).toEqual(designs.map((d) => [d.assetId, d.folder]));
      for (const listing of json.listings) {
        expect(listing.title.length).toBeGreaterThan(0);
        // every path the listing names is in the kit
        for (const path of [listing.files.light, listing.files.dark, ...listing.mockups]) expect(files.has(path)).toBe(true);
      }
      const csv = files.get(`${target}/listing.csv`)!.toString('utf8');
      expect(csv.split('\r\n')[0]).toBe(KIT_CSV_COLUMNS.join(','));
      for (const listing of json.listings) expect(csv).toContain(listing.assetId);
    }
  }

  it('streams the kit of 2 designs: light and dark files, 8 mockups each, listing.json and listing.csv per marketplace', async () => {
    const { client, userId } = await createSignedInUser(system, 'kit@example.com');
    const [sun] = await ingest(userId, '"Retro Sun" for summer');
    const [moon] = await ingest(userId, 'moon and stars, night sky');
    const { response, body } = await client.download(`/api/listing-kit?ids=${sun},${moon}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('content-disposition')).toContain('printloom-listing-kit-2-designs.zip');
    const files = readStoredZip(body);
    expectKit(files, [
      { assetId: sun!, folder: 'retro-sun-A' },
      { assetId: moon!, folder: 'moon-and-stars-night-sky-A' },
    ]);
    // the listings were written for every marketplace and are the ones the API answers now
    const etsy = await client.get<{ listing: { title: string } }>(`/api/assets/${sun}/listing?target=etsy`);
    const json = JSON.parse(files.get('etsy/listing.json')!.toString('utf8')) as { listings: KitListing[] };
    expect(json.listings[0]!.title).toBe(etsy.body.listing.title);
    expect(etsy.body.listing.title).toContain('Retro Sun');
  });

  it("answers 404 for another user's design (no ZIP started), 400 for bad ids and more than 100", async () => {
    const { client, userId } = await createSignedInUser(system, 'kit-owner@example.com');
    const [mine] = await ingest(userId, 'a fox in the forest');
    const { client: other } = await createSignedInUser(system, 'kit-other@example.com');
    const stolen = await other.download(`/api/listing-kit?ids=${mine}`);
    expect(stolen.response.status).toBe(404);
    expect(JSON.parse(stolen.body.toString('utf8'))).toMatchObject({ code: 'NOT_FOUND' });
    const mixed = await client.download(`/api/listing-kit?ids=${mine},${randomUUID()}`);
    expect(mixed.response.status).toBe(404);

    const bad = await client.get<{ error: string; code: string }>('/api/listing-kit?ids=not-an-id');
    expect([bad.status, bad.body.code]).toEqual([400, 'BAD_REQUEST']);
    const missing = await client.get<{ error: string }>('/api/listing-kit');
    expect(missing.status).toBe(400);
    const many = Array.from({ length: 101 }, () => randomUUID()).join(',');
    const tooMany = await client.get<{ error: string }>(`/api/listing-kit?ids=${many}`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toContain('/api/listing-kits');
    const signedOut = await fetch(`${system.baseUrl}/api/listing-kit?ids=${mine}`);
    expect(signedOut.status).toBe(401);
  });

  it('prepares a kit as a job the seller downloads when ready; only its owner sees it', async () => {
    const { client, userId } = await createSignedInUser(system, 'kit-job@example.com');
    const ids = await ingest(userId, 'lighthouse at dawn', 2);
    const created = await client.post<{ kit: KitJob }>('/api/listing-kits', { ids });
    expect(created.status).toBe(202);
    expect(created.body.kit).toMatchObject({ designs: 2, downloadUrl: null, error: null });
    const kitId = created.body.kit.id;

    const { client: other } = await createSignedInUser(system, 'kit-job-other@example.com');
    expect((await other.get(`/api/listing-kits/${kitId}`)).status).toBe(404);
    expect((await other.download(`/api/listing-kits/${kitId}/download`)).response.status).toBe(404);

    let kit = created.body.kit;
    await waitFor(
      async () => {
        kit = (await client.get<{ kit: KitJob }>(`/api/listing-kits/${kitId}`)).body.kit;
        return kit.status === 'ready';
      },
      { timeoutMs: 120_000, what: () => `a ready kit (now ${JSON.stringify(kit)})` },
    );
    expect(kit).toMatchObject({ prepared: 2, downloadUrl: `/api/listing-kits/${kitId}/download` });
    expect(kit.expiresAt).not.toBeNull();
    const { response, body } = await client.download(kit.downloadUrl!);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expectKit(readStoredZip(body), [
      { assetId: ids[0]!, folder: 'lighthouse-at-dawn-A' },
      { assetId: ids[1]!, folder: 'lighthouse-at-dawn-B' },
    ]);
  });

  it('takes more than 100 designs only as a job (202), downloadable once ready (409 before)', async () => {
    const { client, userId } = await createSignedInUser(system, 'kit-bulk@example.com');
    const ids = await ingest(userId, 'bulk design', 101);
    const direct = await client.get<{ error: string }>(`/api/listing-kit?ids=${ids.join(',')}`);
    expect(direct.status).toBe(400);
    const created = await client.post<{ kit: KitJob }>('/api/listing-kits', { ids });
    expect(created.status).toBe(202);
    expect(created.body.kit).toMatchObject({ designs: 101, downloadUrl: null });
    expect(['queued', 'preparing']).toContain(created.body.kit.status);
    // 101 designs' files take far longer to make than this request takes to arrive
    const early = await client.get<{ code: string }>(`/api/listing-kits/${created.body.kit.id}/download`);
    expect([early.status, early.body.code]).toEqual([409, 'CONFLICT']);

    const unknown = await client.post<{ code: string }>('/api/listing-kits', { ids: [...ids.slice(0, 3), randomUUID()] });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);
    const empty = await client.post<{ code: string }>('/api/listing-kits', { ids: [] });
    expect(empty.status).toBe(400);
    expect((await client.get(`/api/listing-kits/not-a-uuid`)).status).toBe(400);
  });
});
