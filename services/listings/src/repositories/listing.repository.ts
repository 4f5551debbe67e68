import { Injectable } from '@nestjs/common';
import type { ListingTarget } from '@printloom/contracts';
import { DataSource } from 'typeorm';

export interface StoredListing {
  userId: string;
  assetId: string;
  target: ListingTarget;
  title: string;
  tags: string[];
  description: string;
  bullets: string[];
  brand: string;
  /** Which writer made the first copy: 'local' or 'openai:<model>'. */
  writer: string;
  createdAt: Date;
  updatedAt: Date;
}

interface ListingRow {
  user_id: string;
  asset_id: string;
  target: ListingTarget;
  title: string;
  tags: string[];
  description: string;
  bullets: string[];
  brand: string;
  writer: string;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'user_id, asset_id, target, title, tags, description, bullets, brand, writer, created_at, updated_at';

function toListing(row: ListingRow): StoredListing {
  return {
    userId: row.user_id,
    assetId: row.asset_id,
    target: row.target,
    title: row.title,
    tags: row.tags,
    description: row.description,
    bullets: row.bullets,
    brand: row.brand,
    writer: row.writer,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

export type ListingCopyFields = Pick<StoredListing, 'title' | 'tags' | 'description' | 'bullets' | 'brand'>;

@Injectable()
export class ListingRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** This user's listing of the design for the target (another user's looks missing). */
  async findOwned(userId: string, assetId: string, target: ListingTarget): Promise<StoredListing | null> {
    const [row]: ListingRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM listings.listings WHERE asset_id = $1 AND target = $2 AND user_id = $3`,
      [assetId, target, userId],
    );
    return row ? toListing(row) : null;
  }

  /** Saves new copy unless a listing is already there (two writes racing keep the first); answers the saved one. */
  async insertOrGet(
    userId: string,
    assetId: string,
    target: ListingTarget,
    copy: ListingCopyFields,
    writer: string,
  ): Promise<StoredListing> {
    await this.dataSource.query(
      `INSERT INTO listings.listings (user_id, asset_id, target, title, tags, description, bullets, brand, writer)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (asset_id, target) DO NOTHING`,
      [userId, assetId, target, copy.title, copy.tags, copy.description, copy.bullets, copy.brand, writer],
    );
    const saved = await this.findOwned(userId, assetId, target);
    if (!saved) throw new Error(`listing ${assetId}/${target} is held by another user`);
    return saved;
  }

  async update(userId: string, assetId: string, target: ListingTarget, copy: ListingCopyFields): Promise<StoredListing | null> {
    // TypeORM answers an UPDATE as [rows, affected]
    const [[row]]: [ListingRow[], number] = await this.dataSource.query(
      `UPDATE listings.listings SET title = $4, tags = $5, description = $6, bullets = $7, brand = $8, updated_at = now()
       WHERE asset_id = $1 AND target = $2 AND user_id = $3 RETURNING ${COLUMNS}`,
      [assetId, target, userId, copy.title, copy.tags, copy.description, copy.bullets, copy.brand],
    );
    return row ? toListing(row) : null;
  }

  async allOf(userId: string): Promise<StoredListing[]> {
    const rows: ListingRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM listings.listings WHERE user_id = $1 ORDER BY created_at, asset_id, target`,
      [userId],
    );
    return rows.map(toListing);
  }

  async deleteFor(userId: string): Promise<number> {
    const [, count]: [unknown, number] = await this.dataSource.query(`DELETE FROM listings.listings WHERE user_id = $1`, [userId]);
    return count;
  }
}
