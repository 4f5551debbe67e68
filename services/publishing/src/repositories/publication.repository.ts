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
  listingUrl: string | null;
  publishSentAt: Date | null;
  title: string | null;
  printProviderId: number | null;
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
  listing_url: string | null;
  publish_sent_at: Date | null;
  title: string | null;
  print_provider_id: number | null;
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
  listingUrl: row.listing_url,
  publishSentAt: date(row.publish_sent_at),
  title: row.title,
  printProviderId: row.print_provider_id,
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
    listingUrl: publication.listingUrl,
    title: publication.title,
    printProviderId: publication.printProviderId,
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
   * One publication per design, template and connection, for many designs in one statement: an existing
   * one is answered as it is, one that failed before its product was made goes back in line. Answers in
   * the order of `assetIds`; `queue` says which need their draft step queued, `existed` which were there
   * already (answered as they are).
   */
  async createManyOrGet(
    fields: { userId: string; assetIds: string[]; templateId: string; connectionKey: string },
    newId: () => string,
  ): Promise<Array<{ publication: StoredPublication; queue: boolean; existed: boolean }>> {
    const { userId, assetIds, templateId, connectionKey } = fields;
    // Data-modifying CTEs share one snapshot: `existing` sees neither the rows inserted nor those requeued here.
    const rows: Array<PublicationRow & { outcome: 'inserted' | 'requeued' | 'existing' }> = await this.dataSource.query(
      `WITH asked AS (SELECT * FROM unnest($1::uuid[], $2::uuid[]) AS t (id, asset_id)),
       inserted AS (
         INSERT INTO publishing.publications (id, user_id, asset_id, template_id, connection_key)
         SELECT id, $3, asset_id, $4, $5 FROM asked
         ON CONFLICT (asset_id, template_id, connection_key) DO NOTHING RETURNING *
       ),
       requeued AS (
         UPDATE publishing.publications p SET status = 'queued', error_code = NULL, error_message = NULL, updated_at = now()
         FROM asked WHERE p.asset_id = asked.asset_id AND p.template_id = $4 AND p.connection_key = $5 AND p.user_id = $3
           AND p.status = 'failed' AND p.external_id IS NULL
         RETURNING p.*
       )
       SELECT *, 'inserted' AS outcome FROM inserted
       UNION ALL SELECT *, 'requeued' AS outcome FROM requeued
       UNION ALL SELECT p.*, 'existing' AS outcome FROM publishing.publications p JOIN asked ON p.asset_id = asked.asset_id
         WHERE p.template_id = $4 AND p.connection_key = $5 AND p.user_id = $3 AND p.id NOT IN (SELECT id FROM requeued)`,
      [assetIds.map(() => newId()), assetIds, userId, templateId, connectionKey],
    );
    const byAsset = new Map(rows.map((row) => [row.asset_id, row]));
    // One made by a request racing this one is not in this statement's snapshot: read once more.
    const raced = assetIds.filter((assetId) => !byAsset.has(assetId));
    if (raced.length > 0) {
      const found: PublicationRow[] = await this.dataSource.query(
        `SELECT * FROM publishing.publications WHERE asset_id = ANY($1::uuid[]) AND template_id = $2 AND connection_key = $3 AND user_id = $4`,
        [raced, templateId, connectionKey, userId],
      );
      for (const row of found) byAsset.set(row.asset_id, { ...row, outcome: 'existing' });
    }
    return assetIds.map((assetId) => {
      const row = byAsset.get(assetId);
      if (!row) throw new Error('publication held by another user');
      const publication = toPublication(row);
      const queue = row.outcome !== 'existing' || publication.status === 'queued' || publication.status === 'uploading';
      return { publication, queue, existed: row.outcome === 'existing' };
    });
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

  /**
   * Per design and template of these designs, in one query: whether one is published, whether one is a
   * draft, and whether one is in the shop of `currentKey` and not a failure that a new request retries
   * (exactly the rows `createManyOrGet` answers as existing, i.e. the designs it skips).
   */
  async summaryOf(
    userId: string,
    assetIds: string[],
    states: { published: PublicationStatus[]; draft: PublicationStatus[] },
    currentKey: string | null,
  ): Promise<Array<{ assetId: string; templateId: string; published: boolean; drafted: boolean; inCurrentShop: boolean }>> {
    const rows: Array<{ asset_id: string; template_id: string; published: boolean; drafted: boolean; in_current_shop: boolean }> =
      await this.dataSource.query(
        `SELECT asset_id, template_id, bool_or(status = ANY($3)) AS published, bool_or(status = ANY($4)) AS drafted,
                bool_or(connection_key = $5 AND NOT (status = 'failed' AND external_id IS NULL)) AS in_current_shop
           FROM publishing.publications WHERE user_id = $1 AND asset_id = ANY($2::uuid[])
          GROUP BY asset_id, template_id ORDER BY asset_id, template_id`,
        [userId, assetIds, states.published, states.draft, currentKey],
      );
    return rows.map((row) => ({
      assetId: row.asset_id,
      templateId: row.template_id,
      published: row.published,
      drafted: row.drafted,
      inCurrentShop: row.in_current_shop ?? false,
    }));
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

  /** The print provider whose catalogue the draft is made from (the template's first that answers). */
  async recordPrintProvider(id: string, printProviderId: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE publishing.publications SET print_provider_id = $2 WHERE id = $1 AND print_provider_id IS DISTINCT FROM $2`,
      [id, printProviderId],
    );
  }

  async recordDraft(id: string, externalId: string, productUrl: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE publishing.publications SET status = 'draft_created', external_id = $2, product_url = $3, lease_until = NULL,
              error_code = NULL, error_message = NULL, updated_at = now()
        WHERE id = $1 AND (external_id IS NULL OR external_id = $2)`,
      [id, externalId, productUrl],
    );
  }

  /** `publish.json` was answered: the product is with the sales channel (the polls count from now). */
  async markPublishSent(id: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE publishing.publications SET status = 'publishing', publish_sent_at = COALESCE(publish_sent_at, now()), updated_at = now()
        WHERE id = $1`,
      [id],
    );
  }

  /** The product unlocked with its listing: published. */
  async recordPublished(id: string, listingUrl: string | null): Promise<void> {
    await this.dataSource.query(
      `UPDATE publishing.publications SET status = 'published', listing_url = $2, error_code = NULL, error_message = NULL, updated_at = now()
        WHERE id = $1`,
      [id, listingUrl],
    );
  }

  /** The channel refused (or Printify answered 4xx to `publish.json`, or it never unlocked): the product is kept. */
  async failPublish(id: string, message: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE publishing.publications SET status = 'publish_failed', error_code = 'PUBLISH_FAILED', error_message = $2,
              publish_sent_at = NULL, lease_until = NULL, updated_at = now()
        WHERE id = $1`,
      [id, message],
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

  /**
   * A draft (or one whose publishing failed: its product is kept) goes in the connection's line of
   * publishes, once: a repeated request changes nothing.
   */
  async requestPublish(userId: string, id: string): Promise<StoredPublication | null> {
    const [[row]]: [PublicationRow[], number] = await this.dataSource.query(
      `UPDATE publishing.publications SET status = 'publish_waiting',
              publish_requested_at = CASE WHEN status = 'publish_failed' THEN now() ELSE COALESCE(publish_requested_at, now()) END,
              publish_sent_at = NULL, error_code = NULL, error_message = NULL, updated_at = now()
        WHERE id = $1 AND user_id = $2 AND status IN ('draft_created', 'publish_failed') AND external_id IS NOT NULL RETURNING *`,
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
