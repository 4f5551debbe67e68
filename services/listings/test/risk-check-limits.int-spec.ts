import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ASSETS, LISTINGS, RISK_CHECK } from '@printloom/contracts';
import { RpcClient, connectNats, type NatsConnection, type RunningService } from '@printloom/service-kit';
import { createTestDatabase, startNatsServer, testServiceEnv, type TestDatabase, type TestNats } from '@printloom/service-kit/testing';
import pg from 'pg';
import { loadListingsConfig } from '../src/config.js';
import { startListingsService } from '../src/start.js';

jest.setTimeout(60_000);

/**
 * What one request may cost the listings service (issue 37), against real PostgreSQL (its migrations,
 * the trademark index with a few marks, the seed denylist) and NATS: a 2,000-letter word once made
 * ~104k typo lookups and held the service; a listing is judged whole on every save; risk checks are
 * metered per seller. Requests wait at most 5 s, as the gateway's plain requests do.
 */
describe('the risk check stays cheap whatever the text (real PostgreSQL and NATS)', () => {
  let nats: TestNats;
  let database: TestDatabase;
  let nc: NatsConnection;
  let rpc: RpcClient;
  let db: pg.Client;
  let service: RunningService;
  const designs = new Map<string, { userId: string; prompt: string }>();
  const seller = randomUUID();
  const longWord = 'qwertzuiopasdfghjklyxcvbnm'.repeat(77).slice(0, 2000);

  beforeAll(async () => {
    [nats, database] = await Promise.all([startNatsServer(), createTestDatabase()]);
    const env = Object.fromEntries(Object.entries(testServiceEnv(nats, database)).map(([key, value]) => [key, String(value)]));
    nc = await connectNats(nats.url, 'test');
    nc.subscribe(ASSETS.designBrief, {
      callback: (_error, message) => {
        const { data, id } = message.json<{ data: { userId: string; assetId: string }; id: string }>();
        const found = designs.get(data.assetId);
        message.respond(
          JSON.stringify(
            found && found.userId === data.userId
              ? { response: { assetId: data.assetId, prompt: found.prompt }, isDisposed: true, id }
              : { err: { code: 'NOT_FOUND', message: 'Image not found' }, isDisposed: true, id },
          ),
        );
      },
    });
    rpc = new RpcClient(nc, 5000);
    service = await startListingsService(loadListingsConfig(env));
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    // A few one-word marks, so the typo lookups have rows to miss and to hit.
    await db.query(
      `INSERT INTO listings.trademarks (serial, mark, norm, token_count, distinctive, classes, status_code, phonetic_keys, phonetic)
       VALUES ('90000001', 'ZQUORBA', 'zquorba', 1, true, '{025}', '700', '{SKRP}', 'SKRP'),
              ('90000002', 'VELTRIX', 'veltrix', 1, true, '{025}', '700', '{FLTRKS}', 'FLTRKS')`,
    );
  });

  afterAll(async () => {
    await service?.close();
    await db?.end();
    await nc?.close();
    await nats?.stop();
    await database?.drop();
  });

  it('answers a 2,000-letter word, and 2,000 ⅷ (8,000 letters once normalised), as it answers any text', async () => {
    const user = randomUUID();
    let started = performance.now();
    await expect(rpc.request(LISTINGS.riskCheck, { userId: user, text: longWord })).resolves.toEqual({ risks: [] });
    const longWordMs = performance.now() - started;
    started = performance.now();
    await expect(rpc.request(LISTINGS.riskCheck, { userId: user, text: 'ⅷ'.repeat(2000) })).resolves.toEqual({ risks: [] });
    const numeralsMs = performance.now() - started;
    // Generous bounds for a shared machine (the bench measures it): it took over 5 s before.
    expect({ longWordMs: longWordMs < 3000, numeralsMs: numeralsMs < 3000 }).toEqual({ longWordMs: true, numeralsMs: true });
    // Typos are still found beside it.
    const beside = (await rpc.request(LISTINGS.riskCheck, { userId: user, text: `zquorbo tee ${longWord.slice(0, 1900)}` })) as {
      risks: Array<{ mark: string }>;
    };
    expect(beside.risks.map((risk) => risk.mark)).toEqual(['ZQUORBA']);
  });

  it('saves an Etsy description of 10,000 characters holding a 2,000-letter word, and reads it and its kit after', async () => {
    const assetId = randomUUID();
    designs.set(assetId, { userId: seller, prompt: "'Veltrix Club' in bold retro letters" });
    await rpc.request(LISTINGS.write, { userId: seller, assetId, target: 'etsy' });
    const opening = `Designed by a small studio with AI assistance. ${longWord} `;
    const description = (opening + 'soft cotton tee for everyday wear. '.repeat(300)).slice(0, 10_000);
    expect(description).toHaveLength(10_000);
    const saved = (await rpc.request(LISTINGS.edit, { userId: seller, assetId, target: 'etsy', description })) as {
      listing: { description: string; problems: unknown[] };
    };
    expect(saved.listing).toMatchObject({ description, problems: [] });
    await expect(rpc.request(LISTINGS.get, { userId: seller, assetId, target: 'etsy' })).resolves.toMatchObject({
      listing: { description },
    });
    const kit = (await rpc.request(LISTINGS.kitListings, { userId: seller, assetId, targets: ['etsy', 'generic'] })) as {
      listings: Array<{ target: string }>;
    };
    expect(kit.listings.map((listing) => listing.target)).toEqual(['etsy', 'generic']);
  });

  it('judges the whole listing on every save: a field saved before a rule is refused until the same save fixes it', async () => {
    const assetId = randomUUID();
    designs.set(assetId, { userId: seller, prompt: 'retro sunset with palm trees' });
    await rpc.request(LISTINGS.write, { userId: seller, assetId, target: 'etsy' });
    // A title stored before today's limit (141 characters where Etsy takes 140): reads still answer, with the problem.
    await db.query(`UPDATE listings.listings SET title = $1 WHERE asset_id = $2 AND target = 'etsy'`, ['t'.repeat(141), assetId]);
    const read = (await rpc.request(LISTINGS.get, { userId: seller, assetId, target: 'etsy' })) as {
      listing: { problems: Array<{ field: string; rule: string }> };
    };
    expect(read.listing.problems.map((problem) => `${problem.field}:${problem.rule}`)).toEqual(['title:max-length']);

    // An edit of the tags alone would keep the broken title: refused, naming the title.
    await expect(rpc.request(LISTINGS.edit, { userId: seller, assetId, target: 'etsy', tags: ['sunset tee'] })).rejects.toMatchObject({
      code: 'LISTING_INVALID',
      details: { field: 'title', rule: 'max-length', limit: 140 },
    });
    const { rows } = await db.query(`SELECT tags FROM listings.listings WHERE asset_id = $1 AND target = 'etsy'`, [assetId]);
    expect(rows[0].tags).not.toEqual(['sunset tee']);

    const fixed = (await rpc.request(LISTINGS.edit, {
      userId: seller,
      assetId,
      target: 'etsy',
      title: 'Retro Sunset Palm Tee',
      tags: ['sunset tee'],
    })) as { listing: { title: string; tags: string[]; problems: unknown[] } };
    expect(fixed.listing).toMatchObject({ title: 'Retro Sunset Palm Tee', tags: ['sunset tee'], problems: [] });
  });

  it(`answers at most ${RISK_CHECK.perMinute} risk checks a minute per seller, then RATE_LIMITED with the seconds to wait`, async () => {
    const busy = randomUUID();
    // Right after a minute starts, so the 61 checks share one window.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 45_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 100));
    for (let i = 0; i < RISK_CHECK.perMinute; i += 1) await rpc.request(LISTINGS.riskCheck, { userId: busy, text: `dog mom ${i}` });
    const refused = rpc.request(LISTINGS.riskCheck, { userId: busy, text: 'dog mom' });
    await expect(refused).rejects.toMatchObject({ code: 'RATE_LIMITED', message: expect.stringContaining('60 texts a minute') });
    const seconds = await refused.catch((error: { details?: { retryAfterSeconds?: number } }) => error.details?.retryAfterSeconds);
    expect(typeof seconds === 'number' && seconds >= 1 && seconds <= 60).toBe(true);
    // Another seller is not held up by it.
    await expect(rpc.request(LISTINGS.riskCheck, { userId: randomUUID(), text: 'dog mom' })).resolves.toEqual({ risks: [] });
  });
});
