import { NICENESS } from '@printloom/service-kit/process-priority';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import pg from 'pg';
import sharp from 'sharp';
import { threadNices, waitFor } from '@printloom/service-kit/testing';
import type { RunningService } from '@printloom/service-kit';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';
import { spawnService, type SpawnedService } from './support/spawned-service.js';
import type { TestClient } from './support/http.js';
import { loadGenerationConfig } from '../../services/generation/src/config.js';
import { startGenerationService } from '../../services/generation/src/start.js';
import { OpenAiStandIn, imageBody } from '../../services/generation/test/support/openai-stand-in.js';

// Real processes stopped as the platform stops them: SIGTERM (a deploy, a scale-down) and SIGKILL
// (a crashed node), mid-job, with the OpenAI provider against a stand-in that counts every image
// request (a job run twice pays twice), real NATS JetStream, PostgreSQL, billing and assets.
jest.setTimeout(180_000);

/** The ack wait before issue 32: a killed worker's job came back only after it. */
const OLD_ACK_WAIT_MS = 60_000;

describe('generation workers stopped mid-job (a real process, SIGTERM and SIGKILL)', () => {
  const standIn = new OpenAiStandIn();
  let system: TestSystem;
  let picture: Buffer;
  let database: pg.Client;
  /** Ideas whose image requests wait for their gate; ideas whose first delivery's requests never end. */
  const gates = new Map<string, Promise<void>>();
  const heldFirstDelivery = new Set<string>();
  const rescuers: RunningService[] = [];
  const spawned: SpawnedService[] = [];

  const imageCallsFor = (idea: string) => standIn.imageCalls().filter((call) => String(call.body.prompt).includes(idea)).length;
  const providerEnv = () => ({
    IMAGE_PROVIDER: 'openai',
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: standIn.baseUrl,
    PRINT_CANVAS_SCALE: '0.1',
  });

  /** A generation worker as its own process (its build, services/generation/dist). */
  async function spawnWorker(env: Record<string, string> = {}) {
    const worker = await spawnService(system, 'generation', {
      ...providerEnv(),
      GENERATION_CONCURRENCY: '1',
      JOB_STOP_GRACE_MS: '60000', // long enough to finish a running job (the test system's own default is short)
      ...env,
    });
    spawned.push(worker);
    return worker;
  }
  /** Another worker, in this process, with the default ack wait unless told. */
  async function startRescuer(env: Record<string, string> = {}) {
    const config = loadGenerationConfig({ ...system.serviceEnv('generation'), ...providerEnv(), GENERATION_CONCURRENCY: '1', ...env });
    const rescuer = await startGenerationService(config);
    rescuers.push(rescuer);
    return rescuer;
  }
  async function stopRescuers() {
    for (const rescuer of rescuers.splice(0)) await rescuer.close();
  }

  const credits = async (client: TestClient) => (await client.get<{ credits: number }>('/api/auth/me')).body.credits;
  /** The job's row (read directly: between the stop and a rescuer no generation instance answers). */
  const statusOf = async (_client: TestClient, jobId: string) =>
    (await database.query<{ status: string }>('SELECT status FROM generation.jobs WHERE id = $1', [jobId])).rows[0]?.status;
  async function submit(client: TestClient, idea: string) {
    const response = await client.post<{ jobId: string }>('/api/generate', { prompt: idea });
    expect(response.status).toBe(200);
    return response.body.jobId;
  }
  const finished = (client: TestClient, jobId: string, timeoutMs = 60_000) =>
    waitFor(async () => ['succeeded', 'failed'].includes(await statusOf(client, jobId)), { timeoutMs, what: `job ${jobId} to finish` });
  /** Until the worker logged that it stopped taking jobs (pino's JSON line). */
  const stopAnnounced = (worker: SpawnedService) =>
    waitFor(async () => worker.output().includes('Stopping: no new jobs'), { what: 'the worker to announce its stop' });

  beforeAll(async () => {
    await standIn.start();
    standIn.models = [
      { id: 'gpt-image-2.6-sunburst', object: 'model', created: 0, owned_by: 'openai' },
      { id: 'gpt-6-luna', object: 'model', created: 0, owned_by: 'openai' },
    ];
    picture = await sharp({ create: { width: 256, height: 320, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: { create: { width: 180, height: 220, channels: 4, background: '#1a6bd0' } }, gravity: 'centre' }])
      .png()
      .toBuffer();
    standIn.onImage = async (_variant, body) => {
      const prompt = String(body.prompt);
      const idea = [...gates.keys(), ...heldFirstDelivery].find((candidate) => prompt.includes(candidate));
      if (idea && heldFirstDelivery.has(idea) && imageCallsFor(idea) <= 4) return { status: 200, body: {}, hold: true };
      if (idea && gates.has(idea)) await gates.get(idea);
      return { status: 200, body: imageBody(picture) };
    };
    system = await startTestSystem({ services: ['auth', 'billing', 'assets'] });
    database = new pg.Client({ connectionString: system.database.url });
    await database.connect();
  }, 90_000);

  afterAll(async () => {
    for (const worker of spawned) await worker.stop();
    await stopRescuers();
    await database?.end();
    await system?.close();
    await standIn.stop();
  }, 60_000);

  it('SIGTERM: the running job finishes (heartbeats outlive the ack wait, no redelivery) and no new job is taken', async () => {
    const { client } = await createSignedInUser(system, 'graceful-stop@example.com', { trialCredits: true });
    let open: () => void = () => undefined;
    gates.set("'Graceful' fox", new Promise<void>((resolve) => (open = resolve)));
    // A short ack wait: the job runs for several of them, kept by its progress heartbeats. Two loops: one
    // is free to take a redelivered message or a new job, which a stopping worker must not do.
    const worker = await spawnWorker({ JOB_ACK_WAIT_MS: '2000', GENERATION_CONCURRENCY: '2' });
    // Its entry point set every thread below the request path (GENERATION_NICENESS's default).
    expect(new Set(threadNices(worker.pid))).toEqual(new Set([NICENESS.generation]));
    const running = await submit(client, "'Graceful' fox");
    await waitFor(async () => imageCallsFor("'Graceful' fox") === 4, { what: "the job's four image requests" });
    await new Promise((resolve) => setTimeout(resolve, 3 * 2000)); // three ack waits pass mid-job

    worker.signal('SIGTERM');
    await stopAnnounced(worker);
    const queued = await submit(client, "'After The Stop' owl"); // the stopping process still answers requests
    // Longer than the 5 s a stopping worker used to get, and again several ack waits.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    open();
    expect(await worker.exited).toEqual({ code: 0, signal: null });

    expect(await statusOf(client, running)).toBe('succeeded');
    expect(imageCallsFor("'Graceful' fox")).toBe(4); // once: neither redelivered nor handed back
    expect(await statusOf(client, queued)).toBe('queued');
    expect(imageCallsFor("'After The Stop' owl")).toBe(0);
    expect(await credits(client)).toBe(8); // one charged, one held for the queued job

    // The job the stopping worker left in the queue is another worker's at once.
    await startRescuer();
    await finished(client, queued);
    expect(await statusOf(client, queued)).toBe('succeeded');
    expect(await credits(client)).toBe(8); // each job charged once
    await stopRescuers();
  });

  it('SIGTERM with a job that cannot finish in the grace period: it is handed back and taken over at once, charged once', async () => {
    const { client } = await createSignedInUser(system, 'grace-over@example.com', { trialCredits: true });
    heldFirstDelivery.add("'Endless' tortoise");
    // A long ack wait: only the worker's nak can bring the job back this soon.
    const worker = await spawnWorker({ JOB_STOP_GRACE_MS: '1500', JOB_ACK_WAIT_MS: String(OLD_ACK_WAIT_MS) });
    const jobId = await submit(client, "'Endless' tortoise");
    await waitFor(async () => imageCallsFor("'Endless' tortoise") === 4, { what: "the job's four image requests" });
    await startRescuer({ JOB_ACK_WAIT_MS: String(OLD_ACK_WAIT_MS) });

    const stoppedAt = Date.now();
    worker.signal('SIGTERM');
    expect(await worker.exited).toEqual({ code: 0, signal: null });
    await finished(client, jobId, OLD_ACK_WAIT_MS - 10_000);
    const tookOverMs = Date.now() - stoppedAt;

    expect(await statusOf(client, jobId)).toBe('succeeded');
    expect(tookOverMs).toBeLessThan(OLD_ACK_WAIT_MS - 10_000); // the nak, not an expired ack wait
    expect(worker.output()).toContain('handed back to the queue');
    expect(imageCallsFor("'Endless' tortoise")).toBe(8); // 4 abandoned (nothing stored), 4 by the rescuer
    expect(await credits(client)).toBe(9);
    await stopRescuers();
  });

  it('SIGKILL mid-job: another worker takes the job within seconds, not after the old 60 s ack wait, charged once', async () => {
    const { client } = await createSignedInUser(system, 'killed-worker@example.com', { trialCredits: true });
    heldFirstDelivery.add("'Crash' moth");
    // The deployed ack wait is well under the old one; the takeover is shown with a third of it (the
    // same heartbeat rule: every third of the ack wait), so the test does not wait out the deployed 15 s.
    const deployedAckWaitMs = loadGenerationConfig({ ...system.serviceEnv('generation'), ...providerEnv() }).JOB_ACK_WAIT_MS;
    expect(deployedAckWaitMs).toBe(15_000);
    const ackWait = { JOB_ACK_WAIT_MS: String(deployedAckWaitMs / 3) };
    const worker = await spawnWorker(ackWait);
    const jobId = await submit(client, "'Crash' moth");
    await waitFor(async () => imageCallsFor("'Crash' moth") === 4, { what: "the job's four image requests" });
    await startRescuer(ackWait);

    const killedAt = Date.now();
    worker.signal('SIGKILL');
    expect(await worker.exited).toEqual({ code: null, signal: 'SIGKILL' });
    await finished(client, jobId, OLD_ACK_WAIT_MS - 10_000);
    const tookOverMs = Date.now() - killedAt;

    expect(await statusOf(client, jobId)).toBe('succeeded');
    // The ack wait counted from the last heartbeat; the old one alone was 60 s.
    expect(tookOverMs).toBeLessThan(OLD_ACK_WAIT_MS - 10_000);
    expect(imageCallsFor("'Crash' moth")).toBe(8);
    expect(await credits(client)).toBe(9);
    process.stdout.write(`[generation-stops] a SIGKILLed worker's job was taken over and finished in ${tookOverMs} ms\n`);
    await stopRescuers();
  });
});
