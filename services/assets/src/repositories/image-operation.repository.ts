import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export type OperationKind = 'background-removed' | 'upscaled';
export type StartRefusal = 'concurrent' | 'hourly';

@Injectable()
export class ImageOperationRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Records the start of an operation unless the user is at a limit. A per-user advisory lock makes
   * count-and-insert atomic across instances; an operation older than `staleAfterSeconds` (its
   * instance died) no longer counts as running.
   */
  async tryStart(
    userId: string,
    kind: OperationKind,
    limits: { concurrent: number; perHour: number; staleAfterSeconds: number },
  ): Promise<{ id: string } | { refused: StartRefusal }> {
    return this.dataSource.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('assets.image_operations:' || $1))`, [userId]);
      const [counts] = await tx.query(
        `SELECT count(*) FILTER (WHERE finished_at IS NULL AND started_at > now() - make_interval(secs => $2))::int AS running,
                count(*)::int AS this_hour
         FROM assets.image_operations WHERE user_id = $1 AND started_at > now() - interval '1 hour'`,
        [userId, limits.staleAfterSeconds],
      );
      if (counts.running >= limits.concurrent) return { refused: 'concurrent' as const };
      if (counts.this_hour >= limits.perHour) return { refused: 'hourly' as const };
      const [row] = await tx.query(`INSERT INTO assets.image_operations (user_id, kind) VALUES ($1, $2) RETURNING id`, [userId, kind]);
      return { id: row.id as string };
    });
  }

  async finish(id: string): Promise<void> {
    await this.dataSource.query(`UPDATE assets.image_operations SET finished_at = now() WHERE id = $1`, [id]);
  }

  /** Rows older than a day count for no limit. */
  async deleteOlderThanADay(): Promise<number> {
    const [, count]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM assets.image_operations WHERE started_at < now() - interval '1 day'`,
    );
    return count;
  }
}
