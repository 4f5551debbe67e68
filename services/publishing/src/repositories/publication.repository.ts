import { Injectable } from '@nestjs/common';
import type { Publication, PublicationErrorCode, PublicationStatus } from '@printloom/contracts';
import { DataSource } from 'typeorm';

export interface StoredPublication {
  id: string;
  userId: string;
  assetId: string;
  templateId: string;
  target: 'printify';
  connectionKey: string;
  status: PublicationStatus;
  externalId: string | null;
  errorCode: PublicationErrorCode | null;
  errorMessage: string | null;
  review: string[];
  confirmed: boolean;
  productUrl: string | null;
  title: string | null;
  mockups: string[];
  uploads: Record<string, { id: string; width: number; height: number }>;
  createAttemptedAt: Date | null;
  publishRequestedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

interface PublicationRow {
  id: string;
  user_id: string;
  asset_id: string;
  template_id: string;
  target: 'printify';
  connection_key: string;
  status: PublicationStatus;
  external_id: string | null;
  error_code: PublicationErrorCode | null;
  error_message: string | null;
  review: string[];
  confirmed: boolean;
  product_url: string | null;
  title: string | null;
  mockups: string[];
  uploads: Record<string, { id: string; width: number; height: number }>;
  create_attempted_at: Date | null;
  publish_requested_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const date = (value: Date | null) => (value ? new Date(value) : null);
const toPublication = (row: PublicationRow): StoredPublication => ({
  id: row.id,
  userId: row.user_id,
  assetId: row.asset_id,
  templateId: row.template_id,
  target: row.target,
  connectionKey: row.connection_key,
  status: row.status,
  externalId: row.external_id,
  errorCode: row.error_code,
  errorMessage: row.error_message,
  review: row.review,
  confirmed: row.confirmed,
  productUrl: row.product_url,
  title: row.title,
  mockups: row.mockups,
  uploads: row.uploads,
  createAttemptedAt: date(row.create_attempted_at),
  publishRequestedAt: date(row.publish_requested_at),
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

export function publicationView(publication: StoredPublication, placeInLine?: number): Publication {
  return {
    id: publication.id,
    assetId: publication.assetId,
    templateId: publication.templateId,
    target: publication.target,
    status: publication.status,
    externalId: publication.externalId,
    ...(publication.errorCode ? { error: { code: publication.errorCode, message: publication.errorMessage ?? '' } } : {}),
    productUrl: publication.productUrl,
    title: publication.title,
    mockups: publication.mockups,
    ...(publication.status === 'publish_waiting' && placeInLine !== undefined ? { placeInLine } : {}),
    ...(publication.status === 'needs_review' ? { review: publication.review } : {}),
    createdAt: publication.createdAt.toISOString(),
    updatedAt: publication.updatedAt.toISOString(),
  };
}

/** The statuses a draft step works from (a crash leaves `uploading`: the step is redone from there). */
const DRAFTABLE: PublicationStatus[] = ['queued', 'uploading'];

@Injectable()
export class PublicationRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * One publication per design, template and connection: an existing one is answered as it is
   * (`existed`), one that failed goes back in line.
   */
  async createOrGet(
    id: string,
    fields: { userId: string; assetId: string; templateId: string; connectionKey: string },
  ): Promise<{ publication: StoredPublication; queue: boolean; existed: boolean }> {
    const [inserted]: PublicationRow[] = await this.dataSource.query(
      `INSERT INTO publishing.publications (id, user_id, asset_id, template_id, connection_key)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (asset_id, template_id, connection_key) DO NOTHING RETURNING *`,
      [id, fields.userId, fields.assetId, fields.templateId, fields.connectionKey],
    );
    if (inserted) return { publication: toPublication(inserted), queue: true, existed: false };
    const [[requeued]]: [PublicationRow[], number] = await this.dataSource.query(
      `UPDATE publishing.publications SET status = 'queued', error_code = NULL, error_message = NULL, updated_at = now()
        WHERE asset_id = $1 AND template_id = $2 AND connection_key = $3 AND user_id = $4 AND status = 'failed' AND external_id IS NULL
        RETURNING *`,
      [fields.assetId, fields.templateId, fields.connectionKey, fields.userId],
    );
    if (requeued) return { publication: toPublication(requeued), queue: true, existed: false };
    const [existing]: PublicationRow[] = await this.dataSource.query(
      `SELECT * FROM publishing.publications WHERE asset_id = $1 AND template_id = $2 AND connection_key = $3 AND user_id = $4`,
      [fields.assetId, fields.templateId, fields.connectionKey, fields.userId],
    );
    if (!existing) throw new Error('publication held by another user');
    return {
      publication: toPublication(existing),
      queue: existing.status === 'queued' || existing.status === 'uploading',
      existed: true,
    };
  }

  async findOwned(userId: string, id: string): Promise<StoredPublication | null> {
    const [row]: PublicationRow[] = await this.dataSource.query(`SELECT * FROM publishing.publications WHERE id = $1 AND user_id = $2`, [
      id,
      userId,
    ]);
    return row ? toPublication(row) : null;
  }

  async find(id: string): Promise<StoredPublication | null> {
    const [row]: PublicationRow[] = await this.dataSource.query(`SELECT * FROM publishing.publications WHERE id = $1`, [id]);
    return row ? toPublication(row) : null;
  }

  async listOf(userId: string, assetId?: string): Promise<StoredPublication[]> {
    const rows: PublicationRow[] = await this.dataSource.query(
      `SELECT * FROM publishing.publications WHERE user_id = $1 AND ($2::uuid IS NULL OR asset_id = $2)
        ORDER BY created_at DESC, id LIMIT 500`,
      [userId, assetId ?? null],
    );
    return rows.map(toPublication);
  }

  /** The user's designs with a publication in one of these statuses, newest publication first. */
  async designsWithStatus(userId: string, statuses: PublicationStatus[], limit: number): Promise<string[]> {
    const rows: Array<{ asset_id: string }> = await this.dataSource.query(
      `SELECT asset_id FROM publishing.publications WHERE user_id = $1 AND status = ANY($2)
        GROUP BY asset_id ORDER BY max(updated_at) DESC LIMIT $3`,
      [userId, statuses, limit],
    );
    return rows.map((row) => row.asset_id);
  }

  /**
   * Takes a publication for one step for `leaseMs` (another worker holding it is left alone), when its
   * status is one the step works from. Answers null when the step has nothing to do or another holds it.
   */
  async claim(id: string, statuses: PublicationStatus[], leaseMs: number): Promise<StoredPublication | null> {
    const [[row]]: [PublicationRow[], number] = await this.dataSource.query(
      `UPDATE publishing.publications SET lease_until = now() + make_interval(secs => $3::double precision / 1000)
        WHERE id = $1 AND status = ANY($2) AND (lease_until IS NULL OR lease_until < now()) RETURNING *`,
      [id, statuses, leaseMs],
    );
    return row ? toPublication(row) : null;
  }

  claimForDraft(id: string, leaseMs: number) {
    return this.claim(id, DRAFTABLE, leaseMs);
  }

  /** Keeps a running step's lease alive (a step can wait minutes for a print file). */
  async extendLease(id: string, leaseMs: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE publishing.publications SET lease_until = now() + make_interval(secs => $2::double precision / 1000) WHERE id = $1`,
      [id, leaseMs],
    );
  }

  async release(id: string): Promise<void> {
    await this.dataSource.query(`UPDATE publishing.publications SET lease_until = NULL WHERE id = $1`, [id]);
  }

  async setStatus(id: string, status: PublicationStatus, extra: { review?: string[] } = {}): Promise<void> {
    await this.dataSource.query(
      `UPDATE publishing.publications SET status = $2, review = COALESCE($3, review), updated_at = now() WHERE id = $1`,
      [id, status, extra.review ?? null],
    );
  }

  async fail(id: string, code: PublicationErrorCode, message: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE publishing.publications SET status = 'failed', error_code = $2, error_message = $3, lease_until = NULL, updated_at = now()
        WHERE id = $1`,
      [id, code, message],
    );
  }

  async recordUpload(id: string, garment: string, upload: { id: string; width: number; height: number }): Promise<void> {
    await this.dataSource.query(
      `UPDATE publishing.publications SET uploads = uploads || jsonb_build_object($2::text, $3::jsonb), updated_at = now() WHERE id = $1`,
      [id, garment, JSON.stringify(upload)],
    );
  }

  /** Written before the product is created: a redelivered step then looks for the product before creating one. */
  async markCreateAttempted(id: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE publishing.publications SET create_attempted_at = COALESCE(create_attempted_at, now()) WHERE id = $1`,
      [id],
    );
  }

  /** The listing title the draft is made with: the seller's rows are named by it. */
  async recordTitle(id: string, title: string): Promise<void> {
    await this.dataSource.query(`UPDATE publishing.publications SET title = $2 WHERE id = $1 AND title IS DISTINCT FROM $2`, [id, title]);
  }

  async recordDraft(id: string, externalId: string, productUrl: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE publishing.publications SET status = 'draft_created', external_id = $2, product_url = $3, lease_until = NULL,
              error_code = NULL, error_message = NULL, updated_at = now()
        WHERE id = $1 AND (external_id IS NULL OR external_id = $2)`,
      [id, externalId, productUrl],
    );
  }

  async recordMockups(id: string, mockups: string[]): Promise<void> {
    await this.dataSource.query(`UPDATE publishing.publications SET mockups = $2, updated_at = now() WHERE id = $1`, [id, mockups]);
  }

  async confirm(userId: string, id: string): Promise<StoredPublication | null> {
    const [[row]]: [PublicationRow[], number] = await this.dataSource.query(
      `UPDATE publishing.publications SET confirmed = true, status = 'queued', updated_at = now()
        WHERE id = $1 AND user_id = $2 AND status = 'needs_review' RETURNING *`,
      [id, userId],
    );
    return row ? toPublication(row) : null;
  }

  /** A draft goes in the connection's line of publishes (once: a repeated request changes nothing). */
  async requestPublish(userId: string, id: string): Promise<StoredPublication | null> {
    const [[row]]: [PublicationRow[], number] = await this.dataSource.query(
      `UPDATE publishing.publications SET status = 'publish_waiting', publish_requested_at = COALESCE(publish_requested_at, now()), updated_at = now()
        WHERE id = $1 AND user_id = $2 AND status = 'draft_created' RETURNING *`,
      [id, userId],
    );
    return row ? toPublication(row) : null;
  }

  /** How many publishes of the connection wait before this one. */
  async placeInLine(publication: StoredPublication): Promise<number> {
    const [{ count }]: [{ count: number }] = await this.dataSource.query(
      `SELECT count(*)::int AS count FROM publishing.publications
        WHERE connection_key = $1 AND status = 'publish_waiting' AND (publish_requested_at, id) < ($2, $3)`,
      [publication.connectionKey, publication.publishRequestedAt ?? new Date(), publication.id],
    );
    return count;
  }

  async allOf(userId: string): Promise<StoredPublication[]> {
    const rows: PublicationRow[] = await this.dataSource.query(
      `SELECT * FROM publishing.publications WHERE user_id = $1 ORDER BY created_at, id`,
      [userId],
    );
    return rows.map(toPublication);
  }

  async deleteFor(userId: string): Promise<number> {
    const [, count]: [unknown, number] = await this.dataSource.query(`DELETE FROM publishing.publications WHERE user_id = $1`, [userId]);
    return count;
  }
}
