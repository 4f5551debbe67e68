import type { DataSource, MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Fixed-window counters in a service's own PostgreSQL schema (`<schema>.rate_limits`), so every instance
 * of the service shares them: auth's sign-up and login limits, listings' risk checks. A refusal knows
 * when its window ends: `retryAfterSeconds` is what a 429 sends back (the gateway makes it `Retry-After`).
 */
export function rateLimitsMigration(schema: string, timestamp: number): new () => MigrationInterface {
  const name = `RateLimits${timestamp}`;
  const migration = class implements MigrationInterface {
    name = name;
    async up(queryRunner: QueryRunner): Promise<void> {
      await queryRunner.query(
        `CREATE TABLE ${schema}.rate_limits (key text NOT NULL, window_start timestamptz NOT NULL, hits integer NOT NULL DEFAULT 0, PRIMARY KEY (key, window_start))`,
      );
    }
    async down(queryRunner: QueryRunner): Promise<void> {
      await queryRunner.query(`DROP TABLE ${schema}.rate_limits`);
    }
  };
  Object.defineProperty(migration, 'name', { value: name });
  return migration;
}

export interface WindowHit {
  /** Hits of `key` in the current window, this one included. */
  hits: number;
  /** Whole seconds until the current window ends (at least 1). */
  retryAfterSeconds: number;
}

/** The counters of one schema's `rate_limits` table (made by rateLimitsMigration, or auth's own migration). */
export class FixedWindowCounters {
  private readonly table: string;

  constructor(
    private readonly dataSource: DataSource,
    schema: string,
  ) {
    this.table = `${schema}.rate_limits`;
  }

  /** Counts one hit of `key` in its current window of `windowSeconds` (one statement: instances never undercount). */
  async hit(key: string, windowSeconds: number): Promise<WindowHit> {
    const rows: Array<{ hits: number; retry_after: number }> = await this.dataSource.query(
      `INSERT INTO ${this.table} AS r (key, window_start, hits)
       VALUES ($1, to_timestamp(floor(extract(epoch FROM now()) / $2) * $2), 1)
       ON CONFLICT (key, window_start) DO UPDATE SET hits = r.hits + 1
       RETURNING hits, greatest(1, ceil(extract(epoch FROM window_start) + $2 - extract(epoch FROM now())))::int AS retry_after`,
      [key, windowSeconds],
    );
    return { hits: rows[0].hits, retryAfterSeconds: rows[0].retry_after };
  }

  /** Takes one hit back from the current window (an attempt counted up front that turned out to succeed). */
  async takeBack(key: string, windowSeconds: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE ${this.table} SET hits = hits - 1
       WHERE key = $1 AND window_start = to_timestamp(floor(extract(epoch FROM now()) / $2) * $2) AND hits > 0`,
      [key, windowSeconds],
    );
  }

  /** Windows that started more than `seconds` ago are over for every rule: deleted. */
  async deleteOlderThan(seconds: number): Promise<number> {
    const [, count]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM ${this.table} WHERE window_start < now() - make_interval(secs => $1)`,
      [seconds],
    );
    return count;
  }
}
