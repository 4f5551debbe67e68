import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { BackgroundWorker, createLogger, LeasedRows, type Settlement } from '../src/index.js';
import { createTestDatabase, waitFor, type TestDatabase } from '../src/testing.js';

const logger = createLogger('test', 'silent');

interface JobRow {
  id: string;
  user_id: string;
}
interface Job {
  id: string;
  userId: string;
}

/**
 * The leased-rows backend of the one worker form, two instances (two DataSources, as two processes
 * have) on a real PostgreSQL: take, lease loss, the stop rule, round-robin by seller and back-off.
 */
describe('BackgroundWorker on leased rows (real PostgreSQL, two instances)', () => {
  let database: TestDatabase;
  let first: DataSource;
  let second: DataSource;
  const workers: Array<BackgroundWorker<Job>> = [];

  const rowsOf = (dataSource: DataSource, leaseSeconds = 3600) =>
    new LeasedRows<JobRow, Job>({
      dataSource,
      table: 'kit.jobs',
      returning: 'id, user_id',
      waiting: `work.status = 'queued'`,
      leased: `work.status = 'running'`,
      leasedAt: 'claimed_at',
      onTake: `status = 'running'`,
      onGiveBack: `status = 'queued'`,
      notBefore: 'not_before',
      order: 'work.created_at, work.id',
      sellers: { column: 'user_id', turns: 'kit.sellers' },
      leaseSeconds,
      toWork: (row) => ({ id: row.id, userId: row.user_id }),
    });

  /** A worker of instance `name` that marks each job done by itself, unless `handle` says otherwise. */
  function workerOf(name: string, dataSource: DataSource, handle?: (job: Job) => Promise<Settlement>, leaseSeconds = 3600) {
    const worker = new BackgroundWorker<Job>({
      name: `kit-jobs-${name}`,
      source: rowsOf(dataSource, leaseSeconds).source((job) => job.id, 200),
      idleRecheckMs: 100,
      logger,
      handle:
        handle ??
        (async (job) => {
          await dataSource.query(`UPDATE kit.jobs SET status = 'done', done_by = $2, claimed_at = NULL WHERE id = $1`, [job.id, name]);
          return { settled: 'done' };
        }),
    });
    workers.push(worker);
    return worker;
  }

  async function jobOf(userId: string): Promise<string> {
    const [{ id }] = await first.query(`INSERT INTO kit.jobs (user_id) VALUES ($1) RETURNING id`, [userId]);
    return id;
  }
  const stateOf = async (id: string) =>
    (await first.query(`SELECT status, done_by AS "doneBy" FROM kit.jobs WHERE id = $1`, [id]))[0] as {
      status: string;
      doneBy: string | null;
    };

  beforeAll(async () => {
    database = await createTestDatabase();
    first = new DataSource({ type: 'postgres', url: database.url });
    second = new DataSource({ type: 'postgres', url: database.url });
    await Promise.all([first.initialize(), second.initialize()]);
    await first.query(`CREATE SCHEMA kit`);
    await first.query(`CREATE TABLE kit.jobs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(), user_id uuid NOT NULL, status text NOT NULL DEFAULT 'queued',
      claimed_at timestamptz, not_before timestamptz, done_by text, created_at timestamptz NOT NULL DEFAULT clock_timestamp())`);
    await first.query(`CREATE TABLE kit.sellers (user_id uuid PRIMARY KEY, last_served_at timestamptz NOT NULL)`);
  });

  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop(1_000)));
    await first.query(`DELETE FROM kit.jobs`);
  });

  afterAll(async () => {
    await Promise.all([first?.destroy(), second?.destroy()]);
    await database?.drop();
  });

  it('takes a waiting job once, on one instance, and a wake starts an idle worker at once', async () => {
    const worker = workerOf('first', first).start();
    const id = await jobOf(randomUUID());
    worker.wake();
    await waitFor(async () => (await stateOf(id)).status === 'done', { what: 'the job done' });
    expect(await stateOf(id)).toEqual({ status: 'done', doneBy: 'first' });
    expect(await rowsOf(second).take()).toBeNull();
  });

  it('lets another instance take a job over once its lease runs out without a renewal', async () => {
    const id = await jobOf(randomUUID());
    // The first instance claims it, then goes silent (it died: no heartbeat renews the lease).
    expect(await rowsOf(first, 1).take()).toEqual({ id, userId: expect.any(String) });
    expect(await rowsOf(second, 1).take()).toBeNull();
    const worker = workerOf('second', second, undefined, 1).start();
    await waitFor(async () => (await stateOf(id)).status === 'done', { what: 'the job taken over' });
    expect(await stateOf(id)).toEqual({ status: 'done', doneBy: 'second' });
    expect(worker.name).toBe('kit-jobs-second');
  });

  it('keeps a lease alive while its handler runs: nobody takes it over', async () => {
    const id = await jobOf(randomUUID());
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    let taken!: () => void;
    const started = new Promise<void>((resolve) => (taken = resolve));
    workerOf(
      'first',
      first,
      async (job) => {
        taken();
        await held;
        await first.query(`UPDATE kit.jobs SET status = 'done', done_by = 'first' WHERE id = $1`, [job.id]);
        return { settled: 'done' };
      },
      1,
    ).start();
    await started;
    // Three lease lengths pass; the heartbeat (every 200 ms) keeps the claim.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await rowsOf(second, 1).take()).toBeNull();
    finish();
    await waitFor(async () => (await stateOf(id)).status === 'done', { what: 'the job done' });
    expect(await stateOf(id)).toEqual({ status: 'done', doneBy: 'first' });
  });

  it('stops with work in hand: takes nothing new, hands the job back after the grace, another instance finishes it', async () => {
    const id = await jobOf(randomUUID());
    let taken!: () => void;
    const started = new Promise<void>((resolve) => (taken = resolve));
    const stuck = workerOf('first', first, async () => {
      taken();
      return new Promise<Settlement>(() => undefined); // a step that does not end in time
    }).start();
    await started;
    const later = await jobOf(randomUUID());
    await expect(stuck.stop(200)).resolves.toBe(1);
    expect(await stateOf(id)).toEqual({ status: 'queued', doneBy: null });
    expect(await stateOf(later)).toEqual({ status: 'queued', doneBy: null });

    workerOf('second', second).start();
    await waitFor(async () => (await stateOf(id)).status === 'done' && (await stateOf(later)).status === 'done', {
      what: 'both jobs done by the other instance',
    });
    expect([await stateOf(id), await stateOf(later)]).toEqual([
      { status: 'done', doneBy: 'second' },
      { status: 'done', doneBy: 'second' },
    ]);
  });

  it('serves sellers round-robin: a seller with three jobs waiting does not hold up one who came later', async () => {
    const busy = randomUUID();
    const later = randomUUID();
    const busyJobs = [await jobOf(busy), await jobOf(busy), await jobOf(busy)];
    const laterJob = await jobOf(later);
    const order: string[] = [];
    const worker = workerOf('first', first, async (job) => {
      order.push(job.id);
      await first.query(`UPDATE kit.jobs SET status = 'done', claimed_at = NULL WHERE id = $1`, [job.id]);
      return { settled: 'done' };
    });
    for (let pass = 0; pass < 4; pass += 1) await worker.runOnce();
    expect(await worker.runOnce()).toBeNull();
    expect(order).toEqual([busyJobs[0], laterJob, busyJobs[1], busyJobs[2]]);
  });

  it('backs off: work settled `later` is not taken again before its time', async () => {
    const id = await jobOf(randomUUID());
    const worker = workerOf('first', first, async () => ({ settled: 'later', inMs: 60_000 }));
    expect(await worker.runOnce()).toEqual({ settled: 'later', inMs: 60_000 });
    expect(await stateOf(id)).toEqual({ status: 'queued', doneBy: null });
    expect(await worker.runOnce()).toBeNull();
    await first.query(`UPDATE kit.jobs SET not_before = now() - interval '1 second' WHERE id = $1`, [id]);
    expect(await worker.runOnce()).toEqual({ settled: 'later', inMs: 60_000 });
  });

  describe('with the lease held in its back-off column (an outbox: next_attempt_at)', () => {
    const outboxOf = (dataSource: DataSource, leaseSeconds = 3600) =>
      new LeasedRows<JobRow, Job>({
        dataSource,
        table: 'kit.mail',
        returning: 'id, user_id',
        waiting: `work.status = 'pending'`,
        leased: `work.status = 'pending'`,
        notBefore: 'next_attempt_at',
        order: 'work.next_attempt_at',
        leaseSeconds,
        toWork: (row) => ({ id: row.id, userId: row.user_id }),
      });
    const mailOf = async () =>
      (await first.query(`INSERT INTO kit.mail (user_id) VALUES ($1) RETURNING id`, [randomUUID()]))[0].id as string;

    beforeAll(async () => {
      await first.query(`CREATE TABLE kit.mail (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(), user_id uuid NOT NULL, status text NOT NULL DEFAULT 'pending',
        next_attempt_at timestamptz NOT NULL DEFAULT now())`);
    });

    it('takes a due row once, lets another instance take it over once the lease ran out, and backs off when given back for later', async () => {
      const id = await mailOf();
      expect((await outboxOf(first, 1).take())?.id).toBe(id);
      expect(await outboxOf(second, 1).take()).toBeNull();
      await waitFor(async () => (await outboxOf(second, 1).take())?.id === id, { what: 'the row taken over after its lease' });

      const sending = outboxOf(second).source((mail) => mail.id);
      await first.query(`UPDATE kit.mail SET next_attempt_at = now() - interval '1 second' WHERE id = $1`, [id]);
      const claim = await sending.take();
      expect(claim?.work.id).toBe(id);
      await claim!.settle({ settled: 'later', inMs: 60_000 });
      expect(await sending.take()).toBeNull();
      await first.query(`UPDATE kit.mail SET next_attempt_at = now() - interval '1 second' WHERE id = $1`, [id]);
      const again = await sending.take();
      expect(again?.work.id).toBe(id);
      await again!.settle({ settled: 'handed back' });
      expect((await outboxOf(first).take())?.id).toBe(id);
    });
  });
});
