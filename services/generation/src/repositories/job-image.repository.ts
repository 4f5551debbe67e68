import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { VariantLetter } from '@printloom/contracts';

export interface JobImage {
  variant: VariantLetter;
  key: string;
  /** Asked transparent, came back opaque: the background removal has to cut it out. */
  opaqueBackground: boolean;
}

/** The print files of a job, one per variant, recorded as each completes. */
@Injectable()
export class JobImageRepository {
  constructor(private readonly dataSource: DataSource) {}

  async record(jobId: string, image: JobImage): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO generation.job_images (job_id, variant, storage_key, opaque_background) VALUES ($1, $2, $3, $4)
       ON CONFLICT (job_id, variant) DO UPDATE SET storage_key = EXCLUDED.storage_key, opaque_background = EXCLUDED.opaque_background`,
      [jobId, image.variant, image.key, image.opaqueBackground],
    );
  }

  async list(jobId: string): Promise<JobImage[]> {
    const rows: Array<{ variant: VariantLetter; storage_key: string; opaque_background: boolean }> = await this.dataSource.query(
      `SELECT variant, storage_key, opaque_background FROM generation.job_images WHERE job_id = $1 ORDER BY variant`,
      [jobId],
    );
    return rows.map((row) => ({ variant: row.variant, key: row.storage_key, opaqueBackground: row.opaque_background }));
  }
}
