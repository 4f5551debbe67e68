import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ASSETS, LIMITS } from '@printloom/contracts';
import type { ObjectStorage } from '@printloom/storage';
import { startAssetsTestSystem, type AssetsTestSystem } from './support/assets-system.js';

// A search looks through the newest designs first and asks the (user, prompt trigram) index when they
// do not fill the page: both ways give the same newest-first pages (real PostgreSQL and NATS).
describe('library search in a big library (real PostgreSQL)', () => {
  let system: AssetsTestSystem<ObjectStorage>;
  const userId = randomUUID();
  const other = randomUUID();

  /** Every matching prompt of the user's library, newest first, page by page through the service. */
  async function searchAll(user: string, search: string): Promise<{ prompts: string[]; pages: number }> {
    const prompts: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await system.rpc.request(ASSETS.list, { userId: user, starred: false, search, cursor });
      prompts.push(...page.assets.map((asset) => asset.job.prompt));
      cursor = page.nextCursor ?? undefined;
      pages += 1;
    } while (cursor);
    return { prompts, pages };
  }

  beforeAll(async () => {
    system = await startAssetsTestSystem({ name: 'library-search' });
    // 2,500 designs, one a second back from now: n = 1 is the newest. "alpha" on the 40 newest,
    // "omega" on the 30 oldest (past the newest 2,000), "mid" on every 100th; another seller has "omega" too.
    await system.assets.infra.dataSource.query(
      `INSERT INTO assets.assets (user_id, job_id, variant, kind, prompt, width, height, original_size, etag, created_at, expires_at)
       SELECT $1::uuid, gen_random_uuid(), 'A', 'generated',
              CASE WHEN n <= 40 THEN 'alpha design ' WHEN n > 2470 THEN 'omega design ' ELSE 'plain design ' END
                || CASE WHEN n % 100 = 0 THEN 'mid ' ELSE '' END || n,
              100, 100, 1, md5(n::text), now() - make_interval(secs => n), now() + interval '30 days'
       FROM generate_series(1, 2500) n
       UNION ALL
       SELECT $2::uuid, gen_random_uuid(), 'A', 'generated', 'omega elsewhere ' || n, 100, 100, 1, 'e', now() - make_interval(secs => n), now() + interval '30 days'
       FROM generate_series(1, 5) n`,
      [userId, other],
    );
  }, 60_000);

  afterAll(async () => {
    await system?.close();
  }, 30_000);

  /** The prompts of designs from..to (newest first) as seeded: every 100th also says "mid". */
  const numbered = (from: number, to: number, word: string) =>
    Array.from({ length: to - from + 1 }, (_, index) => from + index).map((n) => `${word} design ${n % 100 === 0 ? 'mid ' : ''}${n}`);

  it('pages a common word found among the newest designs, newest first', async () => {
    const { prompts, pages } = await searchAll(userId, 'alpha');
    expect(prompts).toEqual(numbered(1, 40, 'alpha'));
    expect(pages).toBe(Math.ceil(40 / LIMITS.assetsPageSize));
  });

  it('finds words only older designs have, newest first, and only the seller’s own', async () => {
    const { prompts } = await searchAll(userId, 'omega');
    expect(prompts).toEqual(numbered(2471, 2500, 'omega'));
    const { prompts: mid } = await searchAll(userId, 'design mid');
    expect(mid).toEqual(
      Array.from({ length: 25 }, (_, index) => (index + 1) * 100).map((n) => `${n > 2470 ? 'omega' : 'plain'} design mid ${n}`),
    );
    expect((await searchAll(userId, 'zebra')).prompts).toEqual([]);
  });
});
