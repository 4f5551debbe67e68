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
  /** A grant's refresh token, sealed with the access token's key (null for a personal access token). */
  refreshSealed: Buffer | null;
  /** When a grant's access token expires (null for a personal access token). */
  accessExpiresAt: Date | null;
  /** Printify refused to refresh the grant: the seller has to connect again. */
  needsReconnect: boolean;
  createdAt: Date;
}

/** What a connect stores: a token's connection has no refresh token and no expiry. */
export type NewConnection = Omit<StoredConnection, 'createdAt' | 'checklistDone' | 'refreshSealed' | 'accessExpiresAt' | 'needsReconnect'> &
  Partial<Pick<StoredConnection, 'refreshSealed' | 'accessExpiresAt'>>;

/** A grant's new pair, as a refresh stores it. */
export interface RefreshedGrant {
  tokenSealed: Buffer;
  refreshSealed: Buffer;
  tokenKeyId: string;
  tokenHint: string;
  accessExpiresAt: Date;
}

/** An authorization's state as it was started: whose, from which session, until when. */
export interface StoredState {
  userId: string;
  sessionKey: string;
  expiresAt: Date;
}

interface ConnectionRow {
  user_id: string;
  token_sealed: Buffer;
  token_key_id: string;
  token_hint: string;
  shop_id: number | null;
  shops: PrintifyShop[];
  checklist_done: string[];
  refresh_sealed: Buffer | null;
  access_expires_at: Date | null;
  needs_reconnect: boolean;
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
  refreshSealed: row.refresh_sealed ?? null,
  accessExpiresAt: row.access_expires_at ? new Date(row.access_expires_at) : null,
  needsReconnect: row.needs_reconnect ?? false,
  createdAt: new Date(row.created_at),
});

@Injectable()
export class ConnectionRepository {
  constructor(private readonly dataSource: DataSource) {}

  async find(userId: string): Promise<StoredConnection | null> {
    const [row]: ConnectionRow[] = await this.dataSource.query(`SELECT * FROM publishing.connections WHERE user_id = $1`, [userId]);
    return row ? toConnection(row) : null;
  }

  async save(connection: NewConnection): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO publishing.connections (user_id, token_sealed, token_key_id, token_hint, shop_id, shops, refresh_sealed, access_expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (user_id) DO UPDATE SET token_sealed = $2, token_key_id = $3, token_hint = $4, shop_id = $5, shops = $6,
         refresh_sealed = $7, access_expires_at = $8, needs_reconnect = false, updated_at = now()`,
      [
        connection.userId,
        connection.tokenSealed,
        connection.tokenKeyId,
        connection.tokenHint,
        connection.shopId,
        JSON.stringify(connection.shops),
        connection.refreshSealed ?? null,
        connection.accessExpiresAt ?? null,
      ],
    );
  }

  /**
   * Claims the refresh of the seller's grant for `claimMs` (one statement: one refresh per connection at
   * a time across instances, no transaction held while Printify answers). Answers the connection as
   * claimed, or null when there is nothing to claim: no connection, one to reconnect, an access token
   * with more than `refreshBeforeMs` left, or a claim of another caller still running.
   */
  async claimRefresh(userId: string, claim: string, claimMs: number, refreshBeforeMs: number): Promise<StoredConnection | null> {
    const [rows]: [ConnectionRow[], number] = await this.dataSource.query(
      `UPDATE publishing.connections SET refresh_claim = $2, refresh_claimed_until = now() + $3 * interval '1 millisecond'
       WHERE user_id = $1 AND needs_reconnect = false AND access_expires_at < now() + $4 * interval '1 millisecond'
         AND (refresh_claimed_until IS NULL OR refresh_claimed_until < now())
       RETURNING *`,
      [userId, claim, claimMs, refreshBeforeMs],
    );
    return rows[0] ? toConnection(rows[0]) : null;
  }

  /** The new pair stored and the claim ended, if the claim is still this caller's (false otherwise). */
  async storeRefreshed(userId: string, claim: string, grant: RefreshedGrant): Promise<boolean> {
    const [, count]: [unknown, number] = await this.dataSource.query(
      `UPDATE publishing.connections SET token_sealed = $3, refresh_sealed = $4, token_key_id = $5, token_hint = $6, access_expires_at = $7,
         needs_reconnect = false, refresh_claim = NULL, refresh_claimed_until = NULL, updated_at = now()
       WHERE user_id = $1 AND refresh_claim = $2`,
      [userId, claim, grant.tokenSealed, grant.refreshSealed, grant.tokenKeyId, grant.tokenHint, grant.accessExpiresAt],
    );
    return count > 0;
  }

  /** Printify refused the refresh: the seller connects again (the claim ends with it). */
  async markNeedsReconnect(userId: string, claim: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE publishing.connections SET needs_reconnect = true, refresh_claim = NULL, refresh_claimed_until = NULL, updated_at = now()
       WHERE user_id = $1 AND refresh_claim = $2`,
      [userId, claim],
    );
  }

  /** The refresh did not happen (Printify unreachable): the claim ends, the next caller tries again. */
  async releaseRefresh(userId: string, claim: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE publishing.connections SET refresh_claim = NULL, refresh_claimed_until = NULL WHERE user_id = $1 AND refresh_claim = $2`,
      [userId, claim],
    );
  }

  /** Authorizations started and never finished, past their 10 minutes (the housekeeping sweeper). */
  async deleteExpiredStates(): Promise<number> {
    const [, count]: [unknown, number] = await this.dataSource.query(`DELETE FROM publishing.oauth_states WHERE expires_at < now()`);
    return count;
  }

  async saveState(stateHash: string, state: StoredState): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO publishing.oauth_states (state_hash, user_id, session_key, expires_at) VALUES ($1, $2, $3, $4)`,
      [stateHash, state.userId, state.sessionKey, state.expiresAt],
    );
  }

  /** Takes a state once: a second take of the same state finds nothing. */
  async takeState(stateHash: string): Promise<StoredState | null> {
    const [rows]: [{ user_id: string; session_key: string; expires_at: Date }[], number] = await this.dataSource.query(
      `DELETE FROM publishing.oauth_states WHERE state_hash = $1 RETURNING user_id, session_key, expires_at`,
      [stateHash],
    );
    const row = rows[0];
    return row ? { userId: row.user_id, sessionKey: row.session_key, expiresAt: new Date(row.expires_at) } : null;
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

  async reseal(
    userId: string,
    fromKeyId: string,
    tokenSealed: Buffer,
    tokenKeyId: string,
    refreshSealed: Buffer | null = null,
  ): Promise<void> {
    await this.dataSource.query(
      `UPDATE publishing.connections SET token_sealed = $3, token_key_id = $4, refresh_sealed = $5 WHERE user_id = $1 AND token_key_id = $2`,
      [userId, fromKeyId, tokenSealed, tokenKeyId, refreshSealed],
    );
  }

  async deleteFor(userId: string): Promise<number> {
    await this.dataSource.query(`DELETE FROM publishing.oauth_states WHERE user_id = $1`, [userId]);
    const [, count]: [unknown, number] = await this.dataSource.query(`DELETE FROM publishing.connections WHERE user_id = $1`, [userId]);
    return count;
  }
}
