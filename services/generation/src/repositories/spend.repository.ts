import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Images asked of a paid image API per UTC day: the operator's spend ceiling is counted here. */
@Injectable()
export class SpendRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Takes `images` from today's allowance in one statement (instances never overshoot together);
   * false when that would pass `limit`. A limit of 0 means no ceiling.
   */
  async take(images: number, limit: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO generation.image_spend AS spend (day, images)
         SELECT (now() AT TIME ZONE 'UTC')::date, $1 WHERE $2 = 0 OR $1 <= $2
       ON CONFLICT (day) DO UPDATE SET images = spend.images + EXCLUDED.images
         WHERE $2 = 0 OR spend.images + EXCLUDED.images <= $2
       RETURNING images`,
      [images, limit],
    );
    return rows.length > 0;
  }

  async today(): Promise<number> {
    const [row] = await this.dataSource.query(`SELECT images FROM generation.image_spend WHERE day = (now() AT TIME ZONE 'UTC')::date`);
    return row?.images ?? 0;
  }
}
