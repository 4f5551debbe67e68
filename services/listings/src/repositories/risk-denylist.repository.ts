import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { DenylistSeedEntry } from '../trademarks/denylist-seed.js';
import { normaliseText } from '../trademarks/normalise.js';

export type DenylistOrigin = 'seed' | 'operator' | 'seller';
export type RiskLevel = 'high' | 'medium' | 'low';

export interface DenylistEntry {
  id: string;
  origin: DenylistOrigin;
  userId: string | null;
  phrase: string;
  norm: string;
  level: RiskLevel;
  classes: string[];
  createdAt: Date;
}

interface DenylistRow {
  id: string;
  origin: DenylistOrigin;
  user_id: string | null;
  phrase: string;
  norm: string;
  level: RiskLevel;
  classes: string[];
  created_at: Date;
}

export function toDenylistEntry(row: DenylistRow): DenylistEntry {
  return {
    id: row.id,
    origin: row.origin,
    userId: row.user_id,
    phrase: row.phrase,
    norm: row.norm,
    level: row.level,
    classes: row.classes,
    createdAt: row.created_at,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const COLUMNS = 'id, origin, user_id, phrase, norm, level, classes, created_at';

/** The denylist: the seed list, operators' rows (everyone) and each seller's own rows (that seller only). */
@Injectable()
export class RiskDenylistRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Makes the seed rows equal the repository's list: adds new ones, updates changed ones, drops removed ones. */
  async syncSeed(entries: readonly DenylistSeedEntry[]): Promise<void> {
    const rows = entries.map((entry) => ({ ...entry, norm: normaliseText(entry.phrase) })).filter((entry) => entry.norm !== '');
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO listings.risk_denylist (origin, phrase, norm, level, classes)
         SELECT 'seed', e.phrase, e.norm, e.level, ARRAY(SELECT jsonb_array_elements_text(e.classes))
           FROM jsonb_to_recordset($1::jsonb) AS e(phrase text, norm text, level text, classes jsonb)
         ON CONFLICT (norm) WHERE user_id IS NULL
         DO UPDATE SET phrase = EXCLUDED.phrase, level = EXCLUDED.level, classes = EXCLUDED.classes
           WHERE risk_denylist.origin = 'seed'`,
        [JSON.stringify(rows)],
      );
      await manager.query(`DELETE FROM listings.risk_denylist WHERE origin = 'seed' AND NOT (norm = ANY($1::text[]))`, [
        rows.map((row) => row.norm),
      ]);
    });
  }

  /** An operator's row, for everyone. A phrase already on the list keeps its row (null). */
  async addOperatorEntry(entry: { phrase: string; level: RiskLevel; classes: string[] }): Promise<DenylistEntry | null> {
    const rows: DenylistRow[] = await this.dataSource.query(
      `INSERT INTO listings.risk_denylist (origin, phrase, norm, level, classes) VALUES ('operator', $1, $2, $3, $4)
       ON CONFLICT (norm) WHERE user_id IS NULL DO NOTHING RETURNING ${COLUMNS}`,
      [entry.phrase, normaliseText(entry.phrase), entry.level, entry.classes],
    );
    return rows[0] ? toDenylistEntry(rows[0]) : null;
  }

  /** A seller's own row (applies to their texts only); adding the same phrase twice returns the row there. */
  async addSellerEntry(userId: string, entry: { phrase: string; level: RiskLevel; classes: string[] }): Promise<DenylistEntry> {
    const norm = normaliseText(entry.phrase);
    const rows: DenylistRow[] = await this.dataSource.query(
      `INSERT INTO listings.risk_denylist (origin, user_id, phrase, norm, level, classes) VALUES ('seller', $1, $2, $3, $4, $5)
       ON CONFLICT (user_id, norm) WHERE user_id IS NOT NULL DO UPDATE SET phrase = EXCLUDED.phrase, level = EXCLUDED.level, classes = EXCLUDED.classes
       RETURNING ${COLUMNS}`,
      [userId, entry.phrase, norm, entry.level, entry.classes],
    );
    return toDenylistEntry(rows[0]);
  }

  /** The shared rows an operator added (not the seed), oldest first. */
  async listOperatorEntries(): Promise<DenylistEntry[]> {
    const rows: DenylistRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM listings.risk_denylist WHERE origin = 'operator' ORDER BY created_at, id`,
    );
    return rows.map(toDenylistEntry);
  }

  /** Removes an operator's row by its phrase (any spelling that normalises alike); false when there is none. */
  async deleteOperatorEntry(phrase: string): Promise<boolean> {
    const [row] = (await this.dataSource.query(
      `WITH gone AS (DELETE FROM listings.risk_denylist WHERE origin = 'operator' AND norm = $1 RETURNING id) SELECT count(*)::int AS count FROM gone`,
      [normaliseText(phrase)],
    )) as { count: number }[];
    return row.count > 0;
  }

  async countSellerEntries(userId: string): Promise<number> {
    const [row] = (await this.dataSource.query(`SELECT count(*)::int AS count FROM listings.risk_denylist WHERE user_id = $1`, [
      userId,
    ])) as {
      count: number;
    }[];
    return row.count;
  }

  /** The seller's row for a phrase (any spelling that normalises alike), if any. */
  async findSellerEntry(userId: string, phrase: string): Promise<DenylistEntry | null> {
    const rows: DenylistRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM listings.risk_denylist WHERE user_id = $1 AND norm = $2`,
      [userId, normaliseText(phrase)],
    );
    return rows[0] ? toDenylistEntry(rows[0]) : null;
  }

  async listSellerEntries(userId: string): Promise<DenylistEntry[]> {
    const rows: DenylistRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM listings.risk_denylist WHERE user_id = $1 ORDER BY created_at, id`,
      [userId],
    );
    return rows.map(toDenylistEntry);
  }

  /** Deletes one of the seller's rows; false when the seller has no such row (another's id included). */
  async deleteSellerEntry(userId: string, id: string): Promise<boolean> {
    if (!UUID.test(id)) return false;
    const [row] = (await this.dataSource.query(
      `WITH gone AS (DELETE FROM listings.risk_denylist WHERE user_id = $1 AND id = $2 RETURNING id) SELECT count(*)::int AS count FROM gone`,
      [userId, id],
    )) as { count: number }[];
    return row.count > 0;
  }

  /** Account deletion: every row the user added. Returns how many went. */
  async deleteAllForUser(userId: string): Promise<number> {
    const [row] = (await this.dataSource.query(
      `WITH gone AS (DELETE FROM listings.risk_denylist WHERE user_id = $1 RETURNING id) SELECT count(*)::int AS count FROM gone`,
      [userId],
    )) as { count: number }[];
    return row.count;
  }
}
