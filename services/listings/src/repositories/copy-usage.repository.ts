import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** The counts behind the per-user hourly limit on new copy and the daily ceiling on text-model requests. */
@Injectable()
export class CopyUsageRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Records one new copy of this user unless `perHour` were written in the last hour (then false). The
   * user's lock makes the count and the insert one step, even across instances.
   */
  async takeHourly(userId: string, perHour: number): Promise<boolean> {
    return this.dataSource.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('listings:copy:' || $1))`, [userId]);
      const [{ recent }]: Array<{ recent: number }> = await tx.query(
        `SELECT count(*)::int AS recent FROM listings.copy_writes WHERE user_id = $1 AND written_at > now() - interval '1 hour'`,
        [userId],
      );
      if (recent >= perHour) return false;
      await tx.query(`INSERT INTO listings.copy_writes (user_id) VALUES ($1)`, [userId]);
      return true;
    });
  }

  /**
   * Takes one request from today's text-model allowance in one statement (as generation's image
   * ceiling: instances never overshoot together); false past `limit`. A limit of 0 means no ceiling.
   */
  async takeDailyRequest(limit: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO listings.text_spend AS spend (day, requests)
         SELECT (now() AT TIME ZONE 'UTC')::date, 1 WHERE $1 = 0 OR 1 <= $1
       ON CONFLICT (day) DO UPDATE SET requests = spend.requests + 1
         WHERE $1 = 0 OR spend.requests + 1 <= $1
       RETURNING requests`,
      [limit],
    );
    return rows.length > 0;
  }

  /** Rows older than a day count for nothing. */
  async deleteOld(): Promise<number> {
    const [, count]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM listings.copy_writes WHERE written_at < now() - interval '1 day'`,
    );
    return count;
  }

  async deleteFor(userId: string): Promise<number> {
    const [, count]: [unknown, number] = await this.dataSource.query(`DELETE FROM listings.copy_writes WHERE user_id = $1`, [userId]);
    return count;
  }
}
