import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { waitFor } from '@printloom/service-kit/testing';
import { BATCH_MESSAGES, type Batch } from '@printloom/contracts';
import type { RunningService } from '@printloom/service-kit';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';
import type { TestClient } from './support/http.js';
import { loadGenerationConfig } from '../../services/generation/src/config.js';
import { startGenerationService } from '../../services/generation/src/start.js';

type BatchBody = { batch: Batch };

const FAILING_VERDICT = {
  ok: false,
  checks: [
    { name: 'legibility', ok: true, detail: 'Every text element read back' },
    { name: 'contrast', ok: false, detail: 'The inks are too close to the garment' },
  ],
};

/**
 * "Redo the flagged ones" through the gateway: a batch runs to the end on the local engine, one of its
 * designs is given a failing verdict, and the redo appends one row per row with a flagged design (same
 * prompt and options, a new job and so a new seed), reserving its credit; nothing flagged or someone
 * else's batch changes nothing.
 */
describe('redoing the flagged designs of a batch (real PostgreSQL, NATS, billing, assets, generation)', () => {
  let system: TestSystem;
  let generation: RunningService;

  beforeAll(async () => {
    system = await startTestSystem({ services: ['auth', 'billing', 'assets'] });
    generation = await startGenerationService(
      loadGenerationConfig({ ...system.env, LOCAL_RENDER_SCALE: '0.05', GENERATION_CONCURRENCY: '1', BATCH_FEED_INTERVAL_MS: '100' }),
    );
  }, 60_000);

  afterAll(async () => {
    await generation?.close();
    await system?.close();
  });

  const assetsDb = () => system.services.assets!.infra.dataSource;
  const credits = async (client: TestClient) => (await client.get<{ credits: number }>('/api/auth/me')).body.credits;
  const finished = async (client: TestClient, batchId: string) => {
    let batch: Batch | undefined;
    await waitFor(async () => {
      batch = (await client.get<BatchBody>(`/api/batches/${batchId}`)).body.batch;
      return batch.status === 'finished';
    }, 60_000);
    return batch!;
  };

  it('appends one new row per row with a flagged design, reserving one credit each; 409 when nothing is flagged; 404 for another seller', async () => {
    const owner = await createSignedInUser(system, 'redo-owner@example.com', { trialCredits: true });
    const other = await createSignedInUser(system, 'redo-other@example.com', { trialCredits: true });
    const created = await owner.client.post<BatchBody>('/api/batches', {
      template: '"{value} squad" retro',
      values: ['Nurse', 'Pilot'],
      options: { dark: true },
    });
    expect(created.status).toBe(201);
    const batchId = created.body.batch.id;
    const done = await finished(owner.client, batchId);
    expect(done.rows.map((row) => row.status)).toEqual(['succeeded', 'succeeded']);
    expect(await credits(owner.client)).toBe(8);

    // No verdict says anything is wrong yet.
    expect(await owner.client.post(`/api/batches/${batchId}/redo-flagged`)).toMatchObject({
      status: 409,
      body: { error: BATCH_MESSAGES.nothingFlagged, code: 'CONFLICT' },
    });

    const [flaggedRow] = done.rows as [Batch['rows'][number]];
    await assetsDb().query(`UPDATE assets.assets SET quality = $2::jsonb WHERE id = $1`, [
      flaggedRow.assetIds[0],
      JSON.stringify(FAILING_VERDICT),
    ]);

    expect(await other.client.post(`/api/batches/${batchId}/redo-flagged`)).toMatchObject({
      status: 404,
      body: { error: BATCH_MESSAGES.notFound },
    });
    expect(await credits(other.client)).toBe(10);

    const redone = await owner.client.post<BatchBody>(`/api/batches/${batchId}/redo-flagged`);
    expect(redone.status).toBe(200);
    expect(redone.headers.get('cache-control')).toBe('private, no-store');
    expect(redone.body.batch.status).toBe('running');
    expect(redone.body.batch.rows).toHaveLength(3);
    const redoRow = redone.body.batch.rows[2]!;
    expect(redoRow).toMatchObject({ position: 3, prompt: flaggedRow.prompt, dark: true, transparent: flaggedRow.transparent });
    expect(await credits(owner.client)).toBe(7);

    // Still running: a second redo waits for the end.
    expect(await owner.client.post(`/api/batches/${batchId}/redo-flagged`)).toMatchObject({
      status: 409,
      body: { error: BATCH_MESSAGES.redoWhileRunning },
    });

    const again = await finished(owner.client, batchId);
    const newRow = again.rows[2]!;
    expect(newRow.status).toBe('succeeded');
    expect(newRow.jobId).not.toBe(flaggedRow.jobId);
    expect(newRow.assetIds.length).toBeGreaterThan(0);
    expect(newRow.assetIds.some((id) => flaggedRow.assetIds.includes(id))).toBe(false);
    // The redone row is not redone again: its redo is the row that counts now, and it is not flagged.
    expect(await owner.client.post(`/api/batches/${batchId}/redo-flagged`)).toMatchObject({
      status: 409,
      body: { error: BATCH_MESSAGES.nothingFlagged },
    });
    await waitFor(async () => (await credits(owner.client)) === 7);
    expect(await credits(owner.client)).toBe(7);
  }, 120_000);

  it('answers 402 with the credits needed when short, and 409 for a cancelled batch, changing nothing', async () => {
    const { client } = await createSignedInUser(system, 'redo-short@example.com', { trialCredits: true });
    const first = (await client.post<BatchBody>('/api/batches', { template: '{value} vibes', values: ['Beach'] })).body.batch;
    const done = await finished(client, first.id);
    await assetsDb().query(`UPDATE assets.assets SET quality = $2::jsonb WHERE id = ANY($1::uuid[])`, [
      done.rows[0]!.assetIds,
      JSON.stringify(FAILING_VERDICT),
    ]);
    // Every remaining credit held by a second batch.
    const values = Array.from({ length: 9 }, (_, index) => `Place ${index + 1}`);
    const second = await client.post<BatchBody>('/api/batches', { template: '{value} vibes', values });
    expect(second.status).toBe(201);
    expect(await credits(client)).toBe(0);
    expect(await client.post(`/api/batches/${first.id}/redo-flagged`)).toMatchObject({
      status: 402,
      body: { code: 'INSUFFICIENT_CREDITS', needed: 1 },
    });
    expect((await client.get<BatchBody>(`/api/batches/${first.id}`)).body.batch).toMatchObject({
      status: 'finished',
      counts: { total: 1 },
    });

    expect((await client.post(`/api/batches/${second.body.batch.id}/cancel`)).status).toBe(200);
    expect(await client.post(`/api/batches/${second.body.batch.id}/redo-flagged`)).toMatchObject({
      status: 409,
      body: { error: BATCH_MESSAGES.redoCancelled },
    });
  }, 120_000);
});
