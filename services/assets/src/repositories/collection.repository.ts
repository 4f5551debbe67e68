import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { StoredAsset } from '../domain/stored-asset.js';
import { COLUMNS, LIVE, toStoredAsset, type AssetRow } from './asset.repository.js';

/** A collection as assets knows it: its seller, whether its older designs were given their batch, its designs. */
export interface CollectionDesigns {
  ownerId: string;
  backfilled: boolean;
  designs: StoredAsset[];
}

type CollectionDesignRow = Partial<AssetRow> & { collection_owner: string; backfilled: boolean };

/** The order of a collection's designs: its rows' order, then each row's variants (generation's order). */
const COLLECTION_ORDER = 'm.position, variant, id';

/** Which designs belong to which collection (`assets.collections`, `assets.collection_designs`). */
@Injectable()
export class CollectionRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * A row's designs met at ingest, recorded with their collection (whose seller is recorded once; its
   * older designs are still to be backfilled). A repeat changes nothing.
   */
  async recordDesigns(userId: string, batch: { id: string; position: number }, assetIds: string[]): Promise<void> {
    await this.dataSource.query(
      `WITH collection AS (INSERT INTO assets.collections (batch_id, user_id) VALUES ($1, $2) ON CONFLICT (batch_id) DO NOTHING)
       INSERT INTO assets.collection_designs (asset_id, batch_id, position) SELECT unnest($3::uuid[]), $1, $4
       ON CONFLICT (asset_id) DO NOTHING`,
      [batch.id, userId, assetIds, batch.position],
    );
  }

  /** The user's live designs of these ids, in the order of `ids`, at most `limit` (null: all). */
  async designsByIds(userId: string, ids: string[], limit: number | null): Promise<StoredAsset[]> {
    const rows: AssetRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM unnest($1::uuid[]) WITH ORDINALITY AS asked (id, n) JOIN assets.assets USING (id)
       WHERE user_id = $2 AND ${LIVE} ORDER BY asked.n LIMIT $3`,
      [ids, userId, limit],
    );
    return rows.map(toStoredAsset);
  }

  /**
   * The collection's seller and backfill state with the user's live designs of it, in row order, at most
   * `limit` (null: all): one query. Null when assets has never met the collection.
   */
  async designsOf(userId: string, batchId: string, limit: number | null): Promise<CollectionDesigns | null> {
    const rows: CollectionDesignRow[] = await this.dataSource.query(
      `SELECT c.user_id AS collection_owner, c.backfilled_at IS NOT NULL AS backfilled, d.*
       FROM assets.collections c
       LEFT JOIN LATERAL (
         SELECT ${COLUMNS} FROM assets.collection_designs m JOIN assets.assets ON assets.id = m.asset_id
         WHERE m.batch_id = c.batch_id AND user_id = $2 AND ${LIVE} ORDER BY ${COLLECTION_ORDER} LIMIT $3
       ) d ON true
       WHERE c.batch_id = $1`,
      [batchId, userId, limit],
    );
    const [first] = rows;
    if (!first) return null;
    return {
      ownerId: first.collection_owner,
      backfilled: first.backfilled,
      designs: rows.filter((row) => row.id).map((row) => toStoredAsset(row as AssetRow)),
    };
  }

  /** Records the user's designs that have no collection yet in this one, at their row's position (a repeat changes nothing). */
  async stamp(userId: string, batchId: string, designs: Array<{ assetId: string; position: number }>): Promise<number> {
    const recorded: Array<{ asset_id: string }> = await this.dataSource.query(
      `INSERT INTO assets.collection_designs (asset_id, batch_id, position)
       SELECT a.id, $2, m.position FROM unnest($3::uuid[], $4::int[]) AS m (id, position) JOIN assets.assets a ON a.id = m.id
       WHERE a.user_id = $1
       ON CONFLICT (asset_id) DO NOTHING RETURNING asset_id`,
      [userId, batchId, designs.map((design) => design.assetId), designs.map((design) => design.position)],
    );
    return recorded.length;
  }

  /** Every design the collection had before ingest recorded it now carries it: not asked again. */
  async markBackfilled(batchId: string, userId: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO assets.collections (batch_id, user_id, backfilled_at) VALUES ($1, $2, now())
       ON CONFLICT (batch_id) DO UPDATE SET backfilled_at = now() WHERE assets.collections.user_id = $2`,
      [batchId, userId],
    );
  }
}
