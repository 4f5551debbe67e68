import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { waitFor } from '@printloom/service-kit/testing';
import { BATCH_MESSAGES, LIMITS, MESSAGES, type Batch, type BatchSummary } from '@printloom/contracts';
import type { RunningService } from '@printloom/service-kit';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';
import { TestClient } from './support/http.js';
import { loadGenerationConfig } from '../../services/generation/src/config.js';
import { startGenerationService } from '../../services/generation/src/start.js';

type BatchBody = { batch: Batch };

/**
 * Batches through the gateway: JSON and CSV bodies, the 402 with the credits needed, clear 4xx on bad
 * input, and one seller's batch invisible to another. The generation instance answers but does not
 * feed (the feeder's own tests are in services/generation/test), so the rows are seen waiting.
 */
describe('batches through the gateway (real PostgreSQL, NATS, billing)', () => {
  let system: TestSystem;
  let generation: RunningService;

  beforeAll(async () => {
    system = await startTestSystem({ services: ['auth', 'billing', 'assets'] });
    generation = await startGenerationService(
      loadGenerationConfig({ ...system.env, LOCAL_RENDER_SCALE: '0.05', GENERATION_CONCURRENCY: '1', BATCH_FEED_INTERVAL_MS: '3600000' }),
    );
  });

  afterAll(async () => {
    await generation?.close();
    await system?.close();
  });

  const credits = async (client: TestClient) => (await client.get<{ credits: number }>('/api/auth/me')).body.credits;
  const sendCsv = (client: TestClient, bytes: Buffer | string, field = 'file') => {
    const form = new FormData();
    form.append(field, new Blob([bytes], { type: 'text/csv' }), 'collection.csv');
    return fetch(`${system.baseUrl}/api/batches`, {
      method: 'POST',
      body: form,
      headers: { cookie: client.cookieHeader, origin: 'http://localhost:8080' },
    });
  };

  it('starts a batch from JSON, lists it and reads it, charging one credit per distinct value up front', async () => {
    const { client } = await createSignedInUser(system, 'collection-json@example.com', { trialCredits: true });
    const created = await client.post<BatchBody>('/api/batches', {
      template: `a proud {value} with coffee, "World's Okayest {value}"`,
      values: ['Nurse', 'Teacher', ' nurse ', ''],
      options: { transparent: true, dark: true },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('private, no-store');
    const { batch } = created.body;
    expect(batch).toMatchObject({ status: 'running', source: 'template', counts: { total: 2, waiting: 2 } });
    expect(batch.rows).toEqual([
      expect.objectContaining({
        position: 1,
        prompt: `a proud Nurse with coffee, "World's Okayest Nurse"`,
        status: 'waiting',
        jobId: null,
        assetIds: [],
        dark: true,
      }),
      expect.objectContaining({
        position: 2,
        prompt: `a proud Teacher with coffee, "World's Okayest Teacher"`,
        status: 'waiting',
        jobId: null,
      }),
    ]);
    expect(await credits(client)).toBe(8);
    const listed = await client.get<{ batches: BatchSummary[] }>('/api/batches');
    expect(listed.body.batches.map((summary) => [summary.id, summary.counts.total])).toEqual([[batch.id, 2]]);
    expect((await client.get<BatchBody>(`/api/batches/${batch.id}`)).body.batch.rows).toHaveLength(2);

    const cancelled = await client.post<BatchBody>(`/api/batches/${batch.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.batch).toMatchObject({ status: 'cancelled', counts: { cancelled: 2, waiting: 0 } });
    await waitFor(async () => (await credits(client)) === 10);
  });

  it('starts a batch from a CSV upload (BOM, CRLF, quotes) and refuses a file with bad rows, naming each', async () => {
    const { client } = await createSignedInUser(system, 'collection-csv@example.com', { trialCredits: true });
    const csv = '\uFEFFprompt,style,garment\r\n"Dog mom, est. 2024",retro,dark\r\n"Cat dad ""legend""",,light\r\n';
    const ok = await sendCsv(client, csv);
    expect(ok.status).toBe(201);
    const { batch } = (await ok.json()) as BatchBody;
    expect(batch.rows.map((row) => [row.prompt, row.dark])).toEqual([
      ['Dog mom, est. 2024, retro style', true],
      ['Cat dad "legend"', false],
    ]);
    expect(batch).toMatchObject({ source: 'csv', template: null });
    expect(await credits(client)).toBe(8);

    const bad = await sendCsv(client, 'prompt,garment\nfine,dark\n,dark\nalso fine,purple\n');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: BATCH_MESSAGES.csvRejected(2),
      code: 'BAD_REQUEST',
      rowErrors: [
        { row: 3, message: BATCH_MESSAGES.rowPromptMissing },
        { row: 4, message: BATCH_MESSAGES.rowGarmentUnknown('purple') },
      ],
    });
    expect((await sendCsv(client, 'prompt\nx\n', 'image')).status).toBe(400);
    expect(await (await sendCsv(client, Buffer.from([0x70, 0x72, 0x6f, 0x6d, 0x70, 0x74, 0x0a, 0xff, 0xfe, 0x0a]))).json()).toEqual({
      error: BATCH_MESSAGES.csvUnreadable,
      code: 'BAD_REQUEST',
    });
    const huge = await sendCsv(client, `prompt\n${'x'.repeat(LIMITS.batchCsvMaxBytes)}\n`);
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ error: BATCH_MESSAGES.csvTooLarge, code: 'PAYLOAD_TOO_LARGE' });
    expect(await credits(client)).toBe(8);
  });

  it('answers 413 with a message for a CSV under the file limit whose JSON form exceeds the NATS payload limit, changing nothing', async () => {
    const { client } = await createSignedInUser(system, 'collection-escapes@example.com', { trialCredits: true });
    // 200 KB of control characters: each becomes six bytes (\u0007) in the JSON sent over NATS, over its 1 MB.
    const csv = `prompt\n${'\u0007'.repeat(200 * 1024)}\n`;
    expect(Buffer.byteLength(csv)).toBeLessThan(LIMITS.batchCsvMaxBytes);
    const refused = await sendCsv(client, csv);
    expect(refused.status).toBe(413);
    expect(await refused.json()).toEqual({ error: BATCH_MESSAGES.csvTooLargeToSend, code: 'PAYLOAD_TOO_LARGE' });
    expect(await credits(client)).toBe(10);
    expect((await client.get<{ batches: BatchSummary[] }>('/api/batches')).body.batches).toEqual([]);
  });

  it('answers 402 with the credits needed, and a clear 4xx for bad input, changing nothing', async () => {
    const { client } = await createSignedInUser(system, 'collection-short@example.com', { trialCredits: true });
    const values = Array.from({ length: 12 }, (_, index) => `Breed ${index + 1}`);
    expect(await client.post('/api/batches', { template: 'a happy {value}', values })).toMatchObject({
      status: 402,
      body: { error: MESSAGES.insufficientCredits, code: 'INSUFFICIENT_CREDITS', needed: 12 },
    });
    expect(await client.post('/api/batches', { template: 'no slot here', values: ['a'] })).toMatchObject({
      status: 400,
      body: { error: BATCH_MESSAGES.templateNeedsSlot, code: 'BAD_REQUEST' },
    });
    expect(await client.post('/api/batches', { template: '{value}', values: [' ', ''] })).toMatchObject({
      status: 400,
      body: { error: BATCH_MESSAGES.valuesRequired },
    });
    const tooMany = Array.from({ length: LIMITS.batchMaxRows + 1 }, (_, index) => `v${index}`);
    expect(await client.post('/api/batches', { template: '{value}', values: tooMany })).toMatchObject({
      status: 400,
      body: { error: BATCH_MESSAGES.tooManyRows },
    });
    expect((await client.post('/api/batches', '{"template":')).status).toBe(400);
    expect((await client.post('/api/batches', 'prompt\nx\n', { 'content-type': 'text/csv' })).status).toBe(415);
    expect((await client.get('/api/batches/not-a-uuid')).status).toBe(400);
    expect(await credits(client)).toBe(10);
    expect((await client.get<{ batches: unknown[] }>('/api/batches')).body.batches).toEqual([]);
  });

  it("answers 404 for another seller's batch and 401 without a session", async () => {
    const owner = await createSignedInUser(system, 'collection-owner@example.com', { trialCredits: true });
    const other = await createSignedInUser(system, 'collection-other@example.com', { trialCredits: true });
    const { batch } = (await owner.client.post<BatchBody>('/api/batches', { template: '{value} club', values: ['Chess'] })).body;
    expect(await other.client.get(`/api/batches/${batch.id}`)).toMatchObject({ status: 404, body: { error: BATCH_MESSAGES.notFound } });
    expect((await other.client.post(`/api/batches/${batch.id}/cancel`)).status).toBe(404);
    expect((await other.client.get<{ batches: unknown[] }>('/api/batches')).body.batches).toEqual([]);
    expect((await owner.client.get<BatchBody>(`/api/batches/${batch.id}`)).body.batch.status).toBe('running');
    const anonymous = new TestClient(system.baseUrl);
    expect((await anonymous.get('/api/batches')).status).toBe(401);
    expect((await anonymous.post('/api/batches', { template: '{value}', values: ['a'] })).status).toBe(401);
  });
});
