import { Injectable } from '@nestjs/common';
import type { PrintifyShop } from '@printloom/contracts';
import { DataSource } from 'typeorm';

export interface StoredConnection {
  userId: string;
  tokenSealed: Buffer;
  tokenKeyId: string;
  tokenHint: string;
  shopId: number | null;
  shops: PrintifyShop[];
  /** The checklist items the seller ticked (kept when the same seller connects again). */
  checklistDone: string[];
  createdAt: Date;
}

interface ConnectionRow {
  user_id: string;
  token_sealed: Buffer;
  token_key_id: string;
  token_hint: string;
  shop_id: number | null;
  shops: PrintifyShop[];
  checklist_done: string[];
  created_at: Date;
}

const toConnection = (row: ConnectionRow): StoredConnection => ({
  userId: row.user_id,
  tokenSealed: row.token_sealed,
  tokenKeyId: row.token_key_id,
  tokenHint: row.token_hint,
  shopId: row.shop_id,
  shops: row.shops,
  checklistDone: row.checklist_done,
  createdAt: new Date(row.created_at),
});

@Injectable()
export class ConnectionRepository {
  constructor(private readonly dataSource: DataSource) {}

  async find(userId: string): Promise<StoredConnection | null> {
    const [row]: ConnectionRow[] = await this.dataSource.query(`SELECT * FROM publishing.connections WHERE user_id = $1`, [userId]);
    return row ? toConnection(row) : null;
  }

  async save(connection: Omit<StoredConnection, 'createdAt' | 'checklistDone'>): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO publishing.connections (user_id, token_sealed, token_key_id, token_hint, shop_id, shops)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id) DO UPDATE SET token_sealed = $2, token_key_id = $3, token_hint = $4, shop_id = $5, shops = $6, updated_at = now()`,
      [
        connection.userId,
        connection.tokenSealed,
        connection.tokenKeyId,
        connection.tokenHint,
        connection.shopId,
        JSON.stringify(connection.shops),
      ],
    );
  }

  /** Ticks a checklist item of the seller's connection (once: ticking it again changes nothing). False without a connection. */
  async tickChecklist(userId: string, item: string): Promise<boolean> {
    const [, count]: [unknown, number] = await this.dataSource.query(
      `UPDATE publishing.connections
          SET checklist_done = CASE WHEN $2 = ANY(checklist_done) THEN checklist_done ELSE checklist_done || $2::text END
        WHERE user_id = $1`,
      [userId, item],
    );
    return count > 0;
  }

  /** Connections whose token is sealed with another key than the current one (re-sealed after a rotation). */
  async sealedWithOtherKey(currentKeyId: string): Promise<StoredConnection[]> {
    const rows: ConnectionRow[] = await this.dataSource.query(`SELECT * FROM publishing.connections WHERE token_key_id <> $1`, [
      currentKeyId,
    ]);
    return rows.map(toConnection);
  }

  async reseal(userId: string, fromKeyId: string, tokenSealed: Buffer, tokenKeyId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE publishing.connections SET token_sealed = $3, token_key_id = $4 WHERE user_id = $1 AND token_key_id = $2`,
      [userId, fromKeyId, tokenSealed, tokenKeyId],
    );
  }

  async deleteFor(userId: string): Promise<number> {
    const [, count]: [unknown, number] = await this.dataSource.query(`DELETE FROM publishing.connections WHERE user_id = $1`, [userId]);
    return count;
  }
}
