import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Fixed-window counters in PostgreSQL, so every auth instance shares them. */
@Injectable()
export class RateLimitRepository {
  constructor(private readonly dataSource: DataSource) {}

  async hit(key: string, windowSeconds: number): Promise<number> {
    const rows: Array<{ hits: number }> = await this.dataSource.query(
      `INSERT INTO auth.rate_limits (key, window_start, hits)
       VALUES ($1, to_timestamp(floor(extract(epoch FROM now()) / $2) * $2), 1)
       ON CONFLICT (key, window_start) DO UPDATE SET hits = auth.rate_limits.hits + 1
       RETURNING hits`,
      [key, windowSeconds],
    );
    return rows[0].hits;
  }

  /** Takes one attempt back from the current window (an attempt counted up front that turned out to succeed). */
  async takeBack(key: string, windowSeconds: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE auth.rate_limits SET hits = hits - 1
       WHERE key = $1 AND window_start = to_timestamp(floor(extract(epoch FROM now()) / $2) * $2) AND hits > 0`,
      [key, windowSeconds],
    );
  }

  async deleteOlderThan(seconds: number): Promise<number> {
    const [, count]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM auth.rate_limits WHERE window_start < now() - make_interval(secs => $1)`,
      [seconds],
    );
    return count;
  }
}
