import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstreamManager } from '@nats-io/jetstream';
import pg from 'pg';
import { GENERATION_QUEUE, type Asset } from '@printloom/contracts';
import { connectNats, type NatsConnection, type RunningService } from '@printloom/service-kit';
import { startNatsCluster, type TestNatsCluster, waitFor } from '@printloom/service-kit/testing';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';
import type { TestClient } from './support/http.js';
import { loadGenerationConfig } from '../../services/generation/src/config.js';
import { startGenerationService } from '../../services/generation/src/start.js';
import { LocalProvider } from '../../services/generation/src/providers/local-provider.js';
import type { GeneratedImage, GenerationInput, ImageProvider } from '../../services/generation/src/providers/image-provider.js';

/** The local engine, a little slower, so jobs are still running when a node dies. */
class SlowLocalProvider implements ImageProvider {
  readonly name = 'slow-local';
  readonly billable = false;
  calls = 0;
  private local = new LocalProvider(0.05);
  async generate(input: GenerationInput, deliver: (image: GeneratedImage) => Promise<void>) {
    this.calls += 1;
    await new Promise((resolve) => setTimeout(resolve, 400));
    return this.local.generate(input, deliver);
  }
  describe(image: Buffer) {
    return this.local.describe(image);
  }
}

/** While a node dies, a request may fail: that is "not yet", not a failure. */
const duringFailover = () => true;

describe('generation on a 3-node NATS JetStream cluster (real nats-server processes, replicated streams)', () => {
  let cluster: TestNatsCluster;
  let system: TestSystem;
  let nc: NatsConnection;
  const workers: RunningService[] = [];
  const provider = new SlowLocalProvider();

  beforeAll(async () => {
    cluster = await startNatsCluster(3);
    system = await startTestSystem({ services: ['auth', 'billing', 'assets'], nats: cluster, env: { NATS_STREAM_REPLICAS: '3' } });
    nc = await connectNats(cluster.url, 'failover-test');
    const env = { ...system.env, LOCAL_RENDER_SCALE: '0.05', JOB_ACK_WAIT_MS: '3000', GENERATION_CONCURRENCY: '2' };
    for (let i = 0; i < 2; i += 1) workers.push(await startGenerationService(loadGenerationConfig(env), { provider }));
  }, 60_000);

  afterAll(async () => {
    for (const worker of workers) await worker.close();
    await nc?.close();
    await system?.close();
  }, 60_000);

  it("finishes every job exactly once, with one charge each, after the job stream's leader is killed mid-run", async () => {
    const jsm = await jetstreamManager(nc);
    const streamInfo = await jsm.streams.info(GENERATION_QUEUE.stream);
    expect(streamInfo.config.num_replicas).toBe(3);
    expect(streamInfo.cluster?.replicas).toHaveLength(2);

    const users: { client: TestClient; userId: string }[] = [];
    for (const email of ['cluster-a@example.com', 'cluster-b@example.com']) {
      const user = await createSignedInUser(system, email, { trialCredits: true });
      users.push(user);
    }

    const jobsPerUser = 6;
    const jobs: { client: TestClient; jobId: string }[] = [];
    for (let i = 0; i < jobsPerUser; i += 1) {
      for (const user of users) {
        const submitted = await user.client.post<{ jobId: string }>('/api/generate', {
          prompt: `a lighthouse at dusk, 'Keep Shining ${i}'`,
        });
        expect(submitted.status).toBe(200);
        jobs.push({ client: user.client, jobId: submitted.body.jobId });
      }
    }

    // Mid-run: some jobs done or running, most still queued. Kill the node leading the job stream.
    await waitFor(async () => provider.calls >= 3, { timeoutMs: 30_000, what: 'three jobs started', retryOn: duringFailover });
    const leader = (await jsm.streams.info(GENERATION_QUEUE.stream)).cluster!.leader!;
    const victim = cluster.nodes.find((node) => node.name === leader)!;
    expect(victim).toBeDefined();
    const killedAt = Date.now();
    await victim.kill();

    let newLeader = '';
    await waitFor(
      async () => {
        const info = await jsm.streams.info(GENERATION_QUEUE.stream);
        newLeader = info.cluster?.leader ?? '';
        return newLeader !== '' && newLeader !== leader;
      },
      { timeoutMs: 30_000, what: 'a new stream leader elected', retryOn: duringFailover },
    );
    const electedMs = Date.now() - killedAt;

    const view = async (job: { client: TestClient; jobId: string }) =>
      (await job.client.get<{ job?: { status: string; error: string | null } }>(`/api/jobs/${job.jobId}`)).body.job;
    const status = async (job: { client: TestClient; jobId: string }) => (await view(job))?.status;
    /**
     * Where an unfinished job stands, from the databases: its tries, how long ago a worker last said it
     * was alive, whether it recorded its designs, and how many designs assets stored for it (stored but
     * not recorded: the ingest's answer never reached the worker).
     */
    const stepsOf = async (db: pg.Client, jobId: string) => {
      const { rows } = await db.query(
        `SELECT j.attempts, round(extract(epoch FROM now() - j.heartbeat_at))::int AS heartbeat_age_s,
                coalesce(cardinality(j.asset_ids), 0) AS recorded,
                (SELECT count(*)::int FROM assets.assets a WHERE a.job_id = j.id) AS stored
           FROM generation.jobs j WHERE j.id = $1`,
        [jobId],
      );
      const row = rows[0];
      return row
        ? `tries ${row.attempts}, last heartbeat ${row.heartbeat_age_s} s ago, designs recorded ${row.recorded}, stored by assets ${row.stored}`
        : 'no job row';
    };
    // When a job did not succeed, say which and why, so a red run names its cause.
    const reportUnsucceeded = async () => {
      const finals = await Promise.all(jobs.map(view));
      if (finals.every((job) => job?.status === 'succeeded')) return;
      const db = new pg.Client({ connectionString: system.database.url });
      await db.connect();
      const lines: string[] = [];
      try {
        for (const [i, job] of jobs.entries()) {
          const line = `  ${job.jobId}: ${finals[i]?.status ?? 'not found'}, error: ${finals[i]?.error ?? 'none'}`;
          lines.push(finals[i]?.status === 'succeeded' ? line : `${line} (${await stepsOf(db, job.jobId)})`);
        }
      } finally {
        await db.end();
      }
      process.stdout.write(`[failover] not every job succeeded; final status and error of each job:\n${lines.join('\n')}\n`);
    };
    let firstAfterKillMs = 0;
    const finishedBefore = (await Promise.all(jobs.map(status))).filter((s) => s === 'succeeded').length;
    await waitFor(
      async () => {
        const statuses = await Promise.all(jobs.map(status));
        const succeeded = statuses.filter((s) => s === 'succeeded').length;
        if (!firstAfterKillMs && succeeded > finishedBefore) firstAfterKillMs = Date.now() - killedAt;
        return statuses.every((s) => s === 'succeeded' || s === 'failed');
      },
      { timeoutMs: 90_000, what: 'every job finished', retryOn: duringFailover },
    ).catch(async (error: unknown) => {
      await reportUnsucceeded();
      throw error;
    });
    const allDoneMs = Date.now() - killedAt;
    process.stdout.write(
      `[failover] killed stream leader ${leader}: new leader ${newLeader} after ${electedMs} ms, first job finished ${firstAfterKillMs} ms after the kill, all ${jobs.length} jobs after ${allDoneMs} ms (${finishedBefore} had finished before)\n`,
    );

    await reportUnsucceeded();
    // Exactly once: every job succeeded, with its 4 designs once, and one committed credit.
    expect((await Promise.all(jobs.map(status))).every((s) => s === 'succeeded')).toBe(true);
    for (const user of users) {
      const { assets } = (await user.client.get<{ assets: Asset[] }>('/api/assets?limit=100')).body;
      const mine = jobs.filter((job) => job.client === user.client).map((job) => job.jobId);
      expect(assets).toHaveLength(mine.length * 4);
      for (const jobId of mine)
        expect(
          assets
            .filter((asset) => asset.jobId === jobId)
            .map((asset) => asset.variant)
            .sort(),
        ).toEqual(['A', 'B', 'C', 'D']);
      expect((await user.client.get<{ credits: number }>('/api/auth/me')).body.credits).toBe(10 - jobsPerUser);
    }
    const generationDb = workers[0].infra.dataSource;
    const rows: { id: string; reservation_id: string }[] = await generationDb.query('SELECT id, reservation_id FROM generation.jobs');
    expect(rows).toHaveLength(jobs.length);
    const billingDb = system.services.billing!.infra.dataSource;
    const reservations: { status: string; reserves: number; releases: number }[] = await billingDb.query(
      `SELECT r.status,
              (SELECT count(*)::int FROM billing.ledger_entries l WHERE l.reservation_id = r.id AND l.kind = 'reserve') AS reserves,
              (SELECT count(*)::int FROM billing.ledger_entries l WHERE l.reservation_id = r.id AND l.kind = 'release') AS releases
         FROM billing.reservations r WHERE r.id = ANY($1::uuid[])`,
      [rows.map((row) => row.reservation_id)],
    );
    expect(reservations).toHaveLength(jobs.length);
    expect(reservations.every((r) => r.status === 'committed' && r.reserves === 1 && r.releases === 0)).toBe(true);
  }, 150_000);
});
