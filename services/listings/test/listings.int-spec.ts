import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { AppError, ASSETS, EVENTS, LIMITS, LISTINGS, LISTING_TARGETS, type RpcRequestInput } from '@printloom/contracts';
import { TrademarkIndexRepository } from '../src/repositories/trademark-index.repository.js';
import { syntheticEntry } from '../src/trademarks/synthetic-marks.js';
import { RpcClient, connectNats, publishEvent, type NatsConnection, type RunningService } from '@printloom/service-kit';
import {
  createTestDatabase,
  startNatsServer,
  testServiceEnv,
  waitFor,
  type TestDatabase,
  type TestNats,
} from '@printloom/service-kit/testing';
import pg from 'pg';
import { loadListingsConfig } from '../src/config.js';
import { startListingsService } from '../src/start.js';
import { CopyUsageRepository } from '../src/repositories/copy-usage.repository.js';
import { OpenAiTextStandIn, chatBody, errorBody } from './support/openai-text-stand-in.js';

jest.setTimeout(60_000);

/**
 * The listings service against real PostgreSQL (its migrations, its own schema) and NATS. Assets is
 * played by a responder on the real NATS that knows which design is whose, as assets does.
 */
describe('the listings service (real PostgreSQL and NATS)', () => {
  const standIn = new OpenAiTextStandIn();
  let nats: TestNats;
  let database: TestDatabase;
  let env: Record<string, string>;
  let nc: NatsConnection;
  let rpc: RpcClient;
  let db: pg.Client;
  const running: RunningService[] = [];
  /** assetId → its owner and prompt: what the stand-in assets answers. */
  const designs = new Map<string, { userId: string; prompt: string; variant?: 'A' | 'B' | 'C' | 'D' }>();
  const owner = randomUUID();
  const design = randomUUID();

  const request = <S extends typeof LISTINGS.write | typeof LISTINGS.get | typeof LISTINGS.edit>(subject: S, payload: RpcRequestInput<S>) =>
    rpc.request(subject, payload);
  /** What a Merch listing written without a seller brand lists: the brand it lacks. */
  const BRAND_REQUIRED = expect.objectContaining({ field: 'brand', rule: 'required' });
  const problemsWithoutBrand = (target: string) => (target === 'merch' ? [BRAND_REQUIRED] : []);

  beforeAll(async () => {
    [nats, database] = await Promise.all([startNatsServer(), createTestDatabase()]);
    env = Object.fromEntries(Object.entries(testServiceEnv(nats, database)).map(([key, value]) => [key, String(value)]));
    await standIn.start();
    nc = await connectNats(nats.url, 'test');
    nc.subscribe(ASSETS.designBrief, {
      callback: (_error, message) => {
        const { data, id } = message.json<{ data: { userId: string; assetId: string }; id: string }>();
        const found = designs.get(data.assetId);
        message.respond(
          JSON.stringify(
            found && found.userId === data.userId
              ? { response: { assetId: data.assetId, prompt: found.prompt, variant: found.variant ?? null }, isDisposed: true, id }
              : { err: { code: 'NOT_FOUND', message: 'Image not found' }, isDisposed: true, id },
          ),
        );
      },
    });
    rpc = new RpcClient(nc, 5000);
    running.push(await startListingsService(loadListingsConfig(env)));
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    designs.set(design, { userId: owner, prompt: "a cat astronaut, 'Space Meow' in retro letters" });
  });

  afterAll(async () => {
    for (const service of running.reverse()) await service.close();
    await db?.end();
    await nc?.close();
    await standIn.stop();
    await nats?.stop();
    await database?.drop();
  });

  it('writes each target with the local writer, with no problems, and answers the saved listing after', async () => {
    for (const target of LISTING_TARGETS) {
      const { listing } = await request(LISTINGS.write, { userId: owner, assetId: design, target });
      expect(listing).toMatchObject({ target, problems: problemsWithoutBrand(target), risks: [], brand: '' });
      expect(listing.title).toContain('Space Meow');
      if (target !== 'merch') expect(listing.tags).toHaveLength(13);
      await expect(request(LISTINGS.get, { userId: owner, assetId: design, target })).resolves.toEqual({ listing });
    }
    // A second write answers what was saved, even after the profile changed.
    await rpc.request(LISTINGS.putSellerProfile, { userId: owner, shopName: 'Meow Studio', brand: 'Meowtees' });
    const again = await request(LISTINGS.write, { userId: owner, assetId: design, target: 'merch' });
    expect(again.listing.brand).toBe('');
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM listings.listings WHERE user_id = $1`, [owner]);
    expect(rows[0].n).toBe(3);
  });

  it("answers 404 for another user's design, and for a listing not written yet", async () => {
    const stranger = randomUUID();
    await expect(request(LISTINGS.write, { userId: stranger, assetId: design, target: 'etsy' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(request(LISTINGS.get, { userId: stranger, assetId: design, target: 'etsy' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(request(LISTINGS.edit, { userId: stranger, assetId: design, target: 'etsy', title: 'Mine now' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const unwritten = randomUUID();
    designs.set(unwritten, { userId: owner, prompt: 'retro sunset with palm trees' });
    await expect(request(LISTINGS.get, { userId: owner, assetId: unwritten, target: 'etsy' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('asks Etsy copy for no "Designed by" line, and a Merch listing for a brand, which the next save must add', async () => {
    const etsy = await request(LISTINGS.edit, {
      userId: owner,
      assetId: design,
      target: 'etsy',
      title: 'Space Meow Tee',
      description: 'A retro cat astronaut, made with AI assistance.',
    });
    expect(etsy.listing).toMatchObject({ title: 'Space Meow Tee', problems: [] });
    const { listing } = await request(LISTINGS.get, { userId: owner, assetId: design, target: 'merch' });
    expect(listing.problems.map((problem) => `${problem.field}:${problem.rule}`)).toEqual(['brand:required']);
    // The whole listing is judged on every save (issue 37): an edit of the title alone keeps the brand's problem.
    await expect(request(LISTINGS.edit, { userId: owner, assetId: design, target: 'merch', title: 'Space Meow' })).rejects.toMatchObject({
      code: 'LISTING_INVALID',
      details: { field: 'brand', rule: 'required' },
    });
    const fixed = await request(LISTINGS.edit, { userId: owner, assetId: design, target: 'merch', title: 'Space Meow', brand: 'Meowtees' });
    expect(fixed.listing).toMatchObject({ title: 'Space Meow', brand: 'Meowtees', problems: [] });
  });

  it('saves Merch wording it may refuse with a warning, refuses Amazon marks, charity claims and addresses, and stores Etsy text in NFC', async () => {
    const warned = await request(LISTINGS.edit, {
      userId: owner,
      assetId: design,
      target: 'merch',
      bullets: ['A gift for cat lovers', 'Soft tee'],
    });
    expect(warned.listing.problems).toEqual([
      expect.objectContaining({
        field: 'bullets',
        rule: 'promotional-caution',
        severity: 'warning',
        message: expect.stringContaining('gift for'),
      }),
    ]);
    for (const [bullet, rule] of [
      ['Ask Alexa for cats', 'amazon-mark'],
      ['All proceeds go to the shelter', 'charity'],
      ['More at www.meowstudio.com', 'url'],
      ['Write to hello@meowstudio.com', 'email'],
    ])
      await expect(
        request(LISTINGS.edit, { userId: owner, assetId: design, target: 'merch', bullets: [bullet, 'Soft tee'] }),
      ).rejects.toMatchObject({
        code: 'LISTING_INVALID',
        details: { field: 'bullets', rule },
      });
    // A decomposed accent (as some keyboards and pastes send it) is saved as the one letter Etsy compares.
    const composed = await request(LISTINGS.edit, {
      userId: owner,
      assetId: design,
      target: 'etsy',
      title: 'Cafe\u0301 Cat Tee',
      tags: ['cafe\u0301 cat'],
    });
    expect(composed.listing).toMatchObject({ title: 'Café Cat Tee', tags: ['café cat'], problems: [] });
    const { rows } = await db.query(`SELECT title, tags FROM listings.listings WHERE user_id = $1 AND asset_id = $2 AND target = 'etsy'`, [
      owner,
      design,
    ]);
    expect(rows).toEqual([{ title: 'Café Cat Tee', tags: ['café cat'] }]);
    await expect(request(LISTINGS.edit, { userId: owner, assetId: design, target: 'etsy', title: 'Cat ½ Tee' })).rejects.toMatchObject({
      code: 'LISTING_INVALID',
      details: { field: 'title', rule: 'characters' },
    });
  });

  it('rates risks by the product the draft names (a mug mark is high on a mug, low on a tee), by every ready product otherwise', async () => {
    await new TrademarkIndexRepository(running[0]!.infra.dataSource).upsertEntries([syntheticEntry('93000001', 'BREWQUILL', ['021'])]);
    const seller = randomUUID();
    const mugDesign = randomUUID();
    designs.set(mugDesign, { userId: seller, prompt: "'Brewquill' steaming coffee, vintage style" });
    const onMug = await request(LISTINGS.write, { userId: seller, assetId: mugDesign, target: 'etsy', classes: ['021'] });
    const brewquill = (listing: typeof onMug.listing) => listing.risks.find((risk) => risk.mark === 'BREWQUILL');
    expect(brewquill(onMug.listing)).toMatchObject({ level: 'high', classes: ['021'], productClasses: ['021'] });
    const onTee = await request(LISTINGS.write, { userId: seller, assetId: mugDesign, target: 'etsy', classes: ['025'] });
    expect(brewquill(onTee.listing)).toMatchObject({ level: 'low', productClasses: [] });
    const unknown = await request(LISTINGS.get, { userId: seller, assetId: mugDesign, target: 'etsy' });
    expect(brewquill(unknown.listing)).toMatchObject({ level: 'high', productClasses: ['021'] });
    await expect(
      request(LISTINGS.write, { userId: seller, assetId: mugDesign, target: 'etsy', classes: ['999'] as never }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('checks each field on its own: a Merch brand after a 300-word description is checked', async () => {
    const seller = randomUUID();
    const assetId = randomUUID();
    designs.set(assetId, { userId: seller, prompt: 'retro sunset with palm trees' });
    await rpc.request(LISTINGS.addDenylistEntry, { userId: seller, phrase: 'Glitter Goblin Club', level: 'high', classes: [] });
    await request(LISTINGS.write, { userId: seller, assetId, target: 'merch' });
    const { listing } = await request(LISTINGS.edit, {
      userId: seller,
      assetId,
      target: 'merch',
      description: Array.from({ length: 300 }, () => 'sunny').join(' '),
      brand: 'Glitter Goblin Club',
    });
    expect(listing.risks).toEqual([
      expect.objectContaining({ term: 'glitter goblin club', level: 'high', source: 'denylist', fields: ['brand'] }),
    ]);
  });

  it('saves a valid edit and refuses one that breaks a rule with LISTING_INVALID, the field and the limit, changing nothing', async () => {
    const edited = await request(LISTINGS.edit, {
      userId: owner,
      assetId: design,
      target: 'etsy',
      title: 'Space Meow Cat Tee',
      tags: ['space meow'],
    });
    expect(edited.listing).toMatchObject({ title: 'Space Meow Cat Tee', tags: ['space meow'] });
    const refused = request(LISTINGS.edit, { userId: owner, assetId: design, target: 'etsy', title: 'x'.repeat(141) });
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({ code: 'LISTING_INVALID', details: { field: 'title', limit: 140, rule: 'max-length' } });
    await expect(
      request(LISTINGS.edit, { userId: owner, assetId: design, target: 'merch', bullets: ['Best seller of the year', 'fine'] }),
    ).rejects.toMatchObject({ code: 'LISTING_INVALID', details: { field: 'bullets', limit: 'promotional' } });
    await expect(request(LISTINGS.get, { userId: owner, assetId: design, target: 'etsy' })).resolves.toMatchObject({
      listing: { title: 'Space Meow Cat Tee' },
    });
  });

  it('writes new copy with the seller profile: its shop as designer and its brand', async () => {
    const other = randomUUID();
    designs.set(other, { userId: owner, prompt: "'Dog Mom' with a cute puppy, kawaii style" });
    const { listing } = await request(LISTINGS.write, { userId: owner, assetId: other, target: 'etsy' });
    expect(listing.description).toContain('Designed by Meow Studio with AI assistance');
    expect(listing.brand).toBe('Meowtees');
    expect(listing.problems).toEqual([]);
  });

  it("writes a flagged design's listing around the phrase, and saves an edit that puts it back with a warning in problems", async () => {
    const seller = randomUUID();
    const badge = randomUUID();
    designs.set(badge, { userId: seller, prompt: "'Just Do It' running shoes, bold", variant: 'B' });
    const { listing } = await request(LISTINGS.write, { userId: seller, assetId: badge, target: 'etsy' });
    expect(listing.title).toBe('Vintage Badge Bold Running Shoes T-Shirt, Graphic Tee for Runners');
    expect(listing.tags.filter((tag) => tag.includes('just'))).toEqual([]);
    expect(listing.problems).toEqual([]);
    // The design's own text stays quoted in the description, with its risk named.
    expect(listing.risks).toEqual([expect.objectContaining({ term: 'just do it', level: 'high', fields: ['description'] })]);

    const edited = await request(LISTINGS.edit, {
      userId: seller,
      assetId: badge,
      target: 'etsy',
      title: 'Just Do It Running Shoes Tee',
      tags: [...listing.tags.slice(0, 12), 'just do it'],
    });
    expect(edited.listing.title).toBe('Just Do It Running Shoes Tee');
    expect(edited.listing.risks).toEqual([expect.objectContaining({ term: 'just do it', fields: ['title', 'tags', 'description'] })]);
    expect(edited.listing.problems).toEqual([
      {
        field: 'title',
        rule: 'trademark-risk',
        limit: 'high',
        severity: 'warning',
        message: 'title: "just do it" is a high trademark risk (denylist phrase Just Do It): remove it before you sell',
      },
      {
        field: 'tags',
        rule: 'trademark-risk',
        limit: 'high',
        severity: 'warning',
        message: 'tags: "just do it" is a high trademark risk (denylist phrase Just Do It): remove it before you sell',
      },
    ]);
    await expect(request(LISTINGS.get, { userId: seller, assetId: badge, target: 'etsy' })).resolves.toEqual(edited);
  });

  it('gives the designs of one job distinct titles, led by their direction', async () => {
    const seller = randomUUID();
    const titles: string[] = [];
    for (const variant of ['A', 'B', 'C', 'D'] as const) {
      const assetId = randomUUID();
      designs.set(assetId, { userId: seller, prompt: "a cat astronaut, 'Space Meow' in retro letters", variant });
      titles.push((await request(LISTINGS.write, { userId: seller, assetId, target: 'etsy' })).listing.title);
    }
    expect(titles).toEqual([
      'Bold Type Space Meow T-Shirt, Retro Cat Astronaut Graphic Tee for Cat Lovers',
      'Vintage Badge Space Meow T-Shirt, Retro Cat Astronaut Graphic Tee for Cat Lovers',
      'Sticker Style Space Meow T-Shirt, Retro Cat Astronaut Graphic Tee for Cat Lovers',
      'Distressed Retro Space Meow T-Shirt, Retro Cat Astronaut Graphic Tee for Cat Lovers',
    ]);
  });

  it('refuses new copy past the hourly limit with 429, and still answers listings already written', async () => {
    const busy = randomUUID();
    const written = randomUUID();
    const next = randomUUID();
    designs.set(written, { userId: busy, prompt: "'Howdy' cowboy boots and horse, western" });
    designs.set(next, { userId: busy, prompt: "'Howdy' cowboy boots and horse, western" });
    await request(LISTINGS.write, { userId: busy, assetId: written, target: 'etsy' });
    await db.query(`INSERT INTO listings.copy_writes (user_id) SELECT $1 FROM generate_series(2, $2)`, [busy, LIMITS.listingWritesPerHour]);
    await expect(request(LISTINGS.write, { userId: busy, assetId: next, target: 'etsy' })).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await expect(request(LISTINGS.write, { userId: busy, assetId: written, target: 'etsy' })).resolves.toMatchObject({
      listing: { target: 'etsy' },
    });
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM listings.listings WHERE user_id = $1`, [busy]);
    expect(rows[0].n).toBe(1);
  });

  it("gives a listing kit every target's listing: the saved ones, and new ones written even past the hourly limit", async () => {
    const seller = randomUUID();
    const kitDesign = randomUUID();
    designs.set(kitDesign, { userId: seller, prompt: "'Trail Mix' hiking boots and pine trees" });
    const { listing: saved } = await request(LISTINGS.write, { userId: seller, assetId: kitDesign, target: 'etsy' });
    await db.query(`INSERT INTO listings.copy_writes (user_id) SELECT $1 FROM generate_series(1, $2)`, [
      seller,
      LIMITS.listingWritesPerHour,
    ]);
    const { listings } = await rpc.request(LISTINGS.kitListings, { userId: seller, assetId: kitDesign, targets: [...LISTING_TARGETS] });
    expect(listings.map((listing) => listing.target)).toEqual([...LISTING_TARGETS]);
    expect(listings[0]).toEqual(saved);
    for (const listing of listings) expect(listing).toMatchObject({ problems: problemsWithoutBrand(listing.target) });
    expect(listings[1]!.title).toContain('Trail Mix');
    const { rows } = await db.query(`SELECT target, writer FROM listings.listings WHERE user_id = $1 ORDER BY target`, [seller]);
    expect(rows).toEqual([
      { target: 'etsy', writer: 'local' },
      { target: 'generic', writer: 'local' },
      { target: 'merch', writer: 'local' },
    ]);
    await expect(
      rpc.request(LISTINGS.kitListings, { userId: randomUUID(), assetId: kitDesign, targets: ['etsy', 'merch'] }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('limits new copy per user and hour, in one step across instances', async () => {
    const usage = new CopyUsageRepository(running[0]!.infra.dataSource);
    const user = randomUUID();
    const taken = await Promise.all(Array.from({ length: 5 }, () => usage.takeHourly(user, 3)));
    expect(taken.filter(Boolean)).toHaveLength(3);
  });

  describe('with an OpenAI key (stand-in text model)', () => {
    let withModel: RunningService;
    const user = randomUUID();
    const modelCopy = {
      title: 'Space Meow Retro Cat Astronaut Tee',
      tags: [
        'space meow',
        'cat astronaut',
        'retro cat',
        'cat lover',
        'kitten',
        'astronaut',
        'outer space',
        'galaxy',
        'graphic tee',
        'unisex tee',
        'cat mom',
        'space cat',
        'meow',
      ],
      description: 'A retro cat astronaut. Designed by our shop with AI assistance.',
      bullets: [],
      brand: 'Acme Invented Brand',
    };

    beforeAll(async () => {
      withModel = await startListingsService(
        loadListingsConfig({ ...env, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: standIn.baseUrl, OPENAI_DAILY_LISTING_LIMIT: '2' }),
      );
      // only this instance answers from now on
      await running.shift()!.close();
      running.push(withModel);
    });
    beforeEach(() => {
      standIn.calls.length = 0;
    });

    const fresh = (prompt = "a cat astronaut, 'Space Meow' in retro letters") => {
      const id = randomUUID();
      designs.set(id, { userId: user, prompt });
      return id;
    };

    it("saves the model's copy when it passes the rules, with no brand it was not given", async () => {
      standIn.onChat = () => ({ status: 200, body: chatBody(JSON.stringify(modelCopy)) });
      const { listing } = await request(LISTINGS.write, { userId: user, assetId: fresh(), target: 'etsy' });
      expect(standIn.calls).toHaveLength(1);
      expect(listing).toMatchObject({ title: modelCopy.title, tags: modelCopy.tags, brand: '', problems: [] });
      const exported = await rpc.request(LISTINGS.exportData, { userId: user });
      expect(exported.listings.map((each) => each.writer)).toEqual(['openai:gpt-6-luna']);
    });

    it('falls back to the local writer when the model fails or writes copy that breaks a rule', async () => {
      standIn.onChat = () => ({ status: 200, body: chatBody(JSON.stringify({ ...modelCopy, tags: modelCopy.tags.slice(0, 5) })) });
      const short = await request(LISTINGS.write, { userId: user, assetId: fresh(), target: 'etsy' });
      expect(short.listing.tags).toHaveLength(13);
      expect(short.listing.title).toBe('Space Meow T-Shirt, Retro Cat Astronaut Graphic Tee for Cat Lovers');
      expect(standIn.calls).toHaveLength(1);
    });

    it('asks the model no more once the daily ceiling is reached: the local writer writes', async () => {
      standIn.onChat = () => ({ status: 500, body: errorBody('boom', 'server_error', null) });
      const { listing } = await request(LISTINGS.write, { userId: user, assetId: fresh(), target: 'merch' });
      expect(listing.problems).toEqual([BRAND_REQUIRED]);
      expect(standIn.calls).toHaveLength(0);
      const { rows } = await db.query(`SELECT requests FROM listings.text_spend`);
      expect(rows).toEqual([{ requests: 2 }]);
    });
  });

  it('exports the seller profile and every listing, and removes them when the account is deleted', async () => {
    const exported = await rpc.request(LISTINGS.exportData, { userId: owner });
    expect(exported.sellerProfile).toEqual({ shopName: 'Meow Studio', brand: 'Meowtees' });
    expect(exported.listings.map((listing) => listing.target).sort()).toEqual(['etsy', 'etsy', 'generic', 'merch']);
    const deletedAt = new Date();
    await publishEvent(
      nc,
      EVENTS.accountDeleted,
      {
        userId: owner,
        email: 'seller@example.com',
        deletedAt: deletedAt.toISOString(),
        purgeAfter: new Date(deletedAt.getTime() + 86_400_000).toISOString(),
      },
      `deleted-${owner}`,
    );
    await waitFor(async () => {
      const { rows } = await db.query(
        `SELECT (SELECT count(*) FROM listings.listings WHERE user_id = $1)::int + (SELECT count(*) FROM listings.seller_profiles WHERE user_id = $1)::int AS n`,
        [owner],
      );
      return rows[0].n === 0;
    });
    await expect(rpc.request(LISTINGS.exportData, { userId: owner })).resolves.toEqual({ sellerProfile: null, denylist: [], listings: [] });
  });
});
