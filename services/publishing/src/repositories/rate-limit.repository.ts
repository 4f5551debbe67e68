import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/**
 * The request log behind Printify's per-connection limits, shared by every instance: a sliding window
 * per connection and kind, taken under a transaction-scoped advisory lock on the connection.
 */
@Injectable()
export class RateLimitRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Records one request now when fewer than `limit` were made in the last `windowMs` (answers 0); else the ms until one frees up. */
  take(connectionKey: string, kind: string, limit: number, windowMs: number): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`publishing-rate:${connectionKey}`]);
      const [block]: { wait_ms: number }[] = await manager.query(
        `SELECT GREATEST(0, ceil(extract(epoch FROM until - clock_timestamp()) * 1000))::bigint AS wait_ms
           FROM publishing.rate_blocks WHERE connection_key = $1 AND until > clock_timestamp()`,
        [connectionKey],
      );
      if (block && Number(block.wait_ms) > 0) return Number(block.wait_ms);
      await manager.query(
        `DELETE FROM publishing.rate_events WHERE connection_key = $1 AND kind = $2
           AND at < clock_timestamp() - make_interval(secs => $3::double precision / 1000)`,
        [connectionKey, kind, windowMs],
      );
      const [{ count, oldest_ms }]: { count: number; oldest_ms: string | null }[] = await manager.query(
        `SELECT count(*)::int AS count,
                ceil(extract(epoch FROM min(at) + make_interval(secs => $3::double precision / 1000) - clock_timestamp()) * 1000)::bigint AS oldest_ms
           FROM publishing.rate_events WHERE connection_key = $1 AND kind = $2`,
        [connectionKey, kind, windowMs],
      );
      if (count >= limit) return Math.max(1, Number(oldest_ms ?? windowMs));
      await manager.query(`INSERT INTO publishing.rate_events (connection_key, kind) VALUES ($1, $2)`, [connectionKey, kind]);
      return 0;
    });
  }

  async block(connectionKey: string, ms: number): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO publishing.rate_blocks (connection_key, until) VALUES ($1, clock_timestamp() + make_interval(secs => $2::double precision / 1000))
       ON CONFLICT (connection_key) DO UPDATE SET until = GREATEST(publishing.rate_blocks.until, EXCLUDED.until)`,
      [connectionKey, ms],
    );
  }

  /** How many publishes this connection made in the window (the line of waiting ones starts after them). */
  async deleteOld(windowMs: number): Promise<number> {
    const [, events]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM publishing.rate_events WHERE at < clock_timestamp() - make_interval(secs => $1::double precision / 1000)`,
      [windowMs],
    );
    const [, blocks]: [unknown, number] = await this.dataSource.query(`DELETE FROM publishing.rate_blocks WHERE until < clock_timestamp()`);
    return events + blocks;
  }

  async deleteFor(userId: string): Promise<number> {
    const [, events]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM publishing.rate_events WHERE connection_key LIKE '%:' || $1 || '%'`,
      [userId],
    );
    const [, blocks]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM publishing.rate_blocks WHERE connection_key LIKE '%:' || $1 || '%'`,
      [userId],
    );
    return events + blocks;
  }
}
