import type { DataSource } from 'typeorm';
import type { WorkClaim, WorkSource } from './background-worker.js';

/**
 * A table of work as leased rows. The SQL fragments are the owning repository's own words (trusted
 * constants, never input); conditions and order name the row `work`.
 */
export interface LeasedRowsOptions<R, T> {
  dataSource: DataSource;
  /** Schema-qualified: `assets.design_jobs`. */
  table: string;
  /** The key column (default `id`). */
  key?: string;
  /** The columns a claim answers (RETURNING). */
  returning: string;
  /** Rows waiting to be taken (the `notBefore` back-off is added). */
  waiting: string;
  /** Rows an instance holds (taken over once `leasedAt` is older than the lease). */
  leased: string;
  /**
   * The column a claim and each renewal set to now(); null while nobody holds the row. Without it the
   * lease is held in `notBefore` (an outbox's `next_attempt_at`): a claim and each renewal push it one
   * lease ahead, so other instances skip the row until then.
   */
  leasedAt?: string;
  /** Besides `leasedAt`, what a claim sets (`status = 'running'`) and what giving back sets (`status = 'queued'`). */
  onTake?: string;
  onGiveBack?: string;
  /** The back-off column: a row given back for later is not taken before it. */
  notBefore?: string;
  /** Among rows equally due (of one seller, with `sellers`): `work.created_at, work.id`. */
  order: string;
  /**
   * Round-robin by seller: `column` names the seller of a row, `turns` a table (user_id primary key,
   * last_served_at) of when each seller was last served. Claims run one at a time (an advisory lock), so
   * each sees the seller the one before served.
   */
  sellers?: { column: string; turns: string };
  /** How long a row is held without a renewal before another instance takes it over. */
  leaseSeconds: number;
  /** Row to the work a handler gets. */
  toWork(row: R): T;
}

/**
 * Work in PostgreSQL rows: a claim is one UPDATE of the next due row taken `FOR UPDATE SKIP LOCKED`
 * (a claim never waits on a row another instance is updating), the lease a timestamp renewed by the
 * worker's heartbeat, the back-off a `not_before`, the order round-robin by seller when asked.
 */
export class LeasedRows<R, T> {
  private readonly key: string;

  constructor(private readonly options: LeasedRowsOptions<R, T>) {
    this.key = options.key ?? 'id';
  }

  /** Claims the next due row (a waiting one past its back-off, or one whose lease ran out); null when none. */
  async take(leaseSeconds = this.options.leaseSeconds): Promise<T | null> {
    const { sellers } = this.options;
    if (!sellers) {
      const [[row]]: [R[], number] = await this.options.dataSource.query(this.claimSql(), [leaseSeconds]);
      return row ? this.options.toWork(row) : null;
    }
    return this.options.dataSource.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`${this.options.table}:claim`]);
      // An UPDATE answers [rows, count].
      const [[row]]: [R[], number] = await tx.query(this.claimSql(), [leaseSeconds]);
      if (!row) return null;
      // The clock, not the transaction's start: a claim that waited for the lock was served after the one before it.
      await tx.query(
        `INSERT INTO ${sellers.turns} (user_id, last_served_at) VALUES ($1, clock_timestamp())
         ON CONFLICT (user_id) DO UPDATE SET last_served_at = EXCLUDED.last_served_at`,
        [(row as Record<string, unknown>)[sellers.column]],
      );
      return this.options.toWork(row);
    });
  }

  /** The heartbeat: the lease of a row still held starts again. */
  async renew(key: string): Promise<void> {
    await this.options.dataSource.query(
      `UPDATE ${this.options.table} work SET ${this.leaseSet()} WHERE work.${this.key} = $1 AND (${this.options.leased})`,
      this.options.leasedAt ? [key] : [key, this.options.leaseSeconds],
    );
  }

  /** Gives a row back for any instance, to be taken again once `waitSeconds` have passed (with a `notBefore`). */
  async giveBack(key: string, waitSeconds = 0): Promise<void> {
    const { onGiveBack, leasedAt, notBefore } = this.options;
    const sets = [onGiveBack, leasedAt && `${leasedAt} = NULL`];
    if (notBefore && leasedAt)
      sets.push(`${notBefore} = CASE WHEN $2::float8 > 0 THEN now() + make_interval(secs => $2::float8) ELSE NULL END`);
    else if (notBefore) sets.push(`${notBefore} = now() + make_interval(secs => $2::float8)`);
    await this.options.dataSource.query(
      `UPDATE ${this.options.table} SET ${sets.filter(Boolean).join(', ')} WHERE ${this.key} = $1`,
      notBefore ? [key, waitSeconds] : [key],
    );
  }

  /** These rows as a worker's source: `keyOf` names a work's row. Done is the handler's own write. */
  source(keyOf: (work: T) => string, heartbeatMs = Math.max(1_000, (this.options.leaseSeconds * 1000) / 3)): WorkSource<T> {
    return {
      heartbeatMs,
      take: async (): Promise<WorkClaim<T> | null> => {
        const work = await this.take();
        if (work === null) return null;
        const key = keyOf(work);
        return {
          work,
          attempt: 1,
          renew: () => this.renew(key),
          settle: async (settlement) => {
            if (settlement.settled === 'later') await this.giveBack(key, settlement.inMs / 1000);
            else if (settlement.settled === 'handed back') await this.giveBack(key);
          },
        };
      },
    };
  }

  /** What a claim and a renewal set: the lease ($2 or $1: its seconds). */
  private leaseSet(seconds = '$2'): string {
    const { leasedAt, notBefore } = this.options;
    if (leasedAt) return `${leasedAt} = now()`;
    if (!notBefore) throw new Error(`Leased rows of ${this.options.table}: leasedAt or notBefore is needed`);
    return `${notBefore} = now() + make_interval(secs => ${seconds})`;
  }

  private claimSql(): string {
    const { table, returning, waiting, leased, leasedAt, onTake, notBefore, order, sellers } = this.options;
    const notYet = notBefore ? `(work.${notBefore} IS NULL OR work.${notBefore} <= now())` : 'true';
    // With a lease column, a taken row clears its back-off, and is taken over once its lease is old;
    // with the lease in `notBefore`, a row whose lease ran out is simply due again.
    const sets = [onTake, this.leaseSet('$1'), leasedAt && notBefore && `${notBefore} = NULL`].filter(Boolean).join(', ');
    const due = leasedAt
      ? `((${waiting}) AND ${notYet}) OR ((${leased}) AND work.${leasedAt} < now() - make_interval(secs => $1))`
      : `(${waiting}) AND ${notYet}`;
    const turns = sellers ? `LEFT JOIN ${sellers.turns} turn ON turn.user_id = work.${sellers.column}` : '';
    const ordered = sellers ? `turn.last_served_at NULLS FIRST, ${order}` : order;
    return `UPDATE ${table} SET ${sets}
             WHERE ${this.key} = (
               SELECT work.${this.key} FROM ${table} work ${turns}
                WHERE ${due}
                ORDER BY ${ordered}
                LIMIT 1 FOR UPDATE OF work SKIP LOCKED)
             RETURNING ${returning}`;
  }
}
