import { Injectable, Optional } from '@nestjs/common';
import { UserChangeTransactions } from '@printloom/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { AccountChanges } from '../account-changes.js';

import type { CreditLot, LedgerEntry, LotKind, Reservation } from '../domain/records.js';

export type { LotKind } from '../domain/records.js';

type LotRow = { id: string; kind: LotKind; remaining: number; expires_at: Date | null };
type ReservationRow = { id: string; user_id: string; amount: number; status: Reservation['status'] };

export const toCreditLot = (row: LotRow): CreditLot => ({
  id: row.id,
  kind: row.kind,
  remaining: row.remaining,
  expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
});
export const toReservation = (row: ReservationRow): Reservation => ({
  id: row.id,
  userId: row.user_id,
  amount: row.amount,
  status: row.status,
});

const LIVE = `(expires_at IS NULL OR expires_at > now())`;

/**
 * Credit lots and the ledger. Every change of a lot's remaining credits writes a ledger entry in the
 * same transaction, so the sum of a user's entries always equals their lots' remaining credits.
 */
@Injectable()
export class LedgerRepository {
  /** The users whose account a running transaction changes, announced once it committed. */
  private readonly transactions: UserChangeTransactions;

  constructor(
    private readonly dataSource: DataSource,
    /** Absent in the operator's commands without NATS: gateways' cached views then end with their TTL. */
    @Optional() changes?: AccountChanges,
  ) {
    this.transactions = new UserChangeTransactions(dataSource, changes);
  }

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.transactions.run(work);
  }

  /** This transaction changes what the user's account summary shows (every credit movement, plan or status change). */
  touch(tx: EntityManager, userId: string): void {
    this.transactions.touch(tx, userId);
  }

  /** Serialises every credit movement of one user (parallel reservations, grants, expiry). */
  async lockUser(tx: EntityManager, userId: string): Promise<void> {
    this.touch(tx, userId);
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('billing:user:' || $1))`, [userId]);
  }

  /**
   * The latest movements, newest first: a spend or refund split over several lots is one movement;
   * grants and expiries say which kind of credits they were.
   */
  async history(
    userId: string,
    limit: number,
  ): Promise<Array<{ at: Date; kind: string; source: LotKind | null; reason: string | null; delta: number }>> {
    return this.dataSource.query(
      `SELECT max(e.created_at) AS at, e.kind, CASE WHEN r.id IS NULL THEN min(l.kind) END AS source, r.reason, sum(e.delta)::int AS delta
       FROM billing.ledger_entries e
       LEFT JOIN billing.credit_lots l ON l.id = e.lot_id
       LEFT JOIN billing.reservations r ON r.id = e.reservation_id
       WHERE e.user_id = $1
       GROUP BY e.kind, r.id, r.reason, CASE WHEN r.id IS NULL THEN e.id END
       ORDER BY max(e.id) DESC LIMIT $2`,
      [userId, limit],
    );
  }

  /** Every entry of the user, oldest first, with the reason and ref of its reservation (the data export). */
  async entriesOf(userId: string): Promise<LedgerEntry[]> {
    const rows: Array<{ created_at: Date; delta: number; kind: string; reason: string | null; ref: string | null }> =
      await this.dataSource.query(
        `SELECT e.created_at, e.delta, e.kind, r.reason, r.ref FROM billing.ledger_entries e LEFT JOIN billing.reservations r ON r.id = e.reservation_id
       WHERE e.user_id = $1 ORDER BY e.created_at, e.id`,
        [userId],
      );
    return rows.map((row) => ({ at: new Date(row.created_at), delta: row.delta, kind: row.kind, reason: row.reason, ref: row.ref }));
  }

  async balance(userId: string, tx: EntityManager = this.dataSource.manager): Promise<number> {
    const [row] = await tx.query(
      `SELECT coalesce(sum(credits_remaining), 0)::int AS balance FROM billing.credit_lots WHERE user_id = $1 AND ${LIVE}`,
      [userId],
    );
    return row.balance;
  }

  /** Live lots in spend order: soonest expiry first, then free trial credits, paid top-ups last. */
  async spendableLots(tx: EntityManager, userId: string): Promise<CreditLot[]> {
    const rows: LotRow[] = await tx.query(
      `SELECT id, kind, credits_remaining AS remaining, expires_at FROM billing.credit_lots
       WHERE user_id = $1 AND credits_remaining > 0 AND ${LIVE}
       ORDER BY expires_at ASC NULLS LAST, (kind = 'topup') ASC, created_at ASC FOR UPDATE`,
      [userId],
    );
    return rows.map(toCreditLot);
  }

  /** Adds a lot once per source ref; false when that source was already granted. */
  async grantLot(
    tx: EntityManager,
    lot: { userId: string; kind: LotKind; sourceRef: string; credits: number; expiresAt: Date | null },
  ): Promise<boolean> {
    const rows: Array<{ id: string }> = await tx.query(
      `INSERT INTO billing.credit_lots (user_id, kind, source_ref, credits_granted, credits_remaining, expires_at)
       VALUES ($1, $2, $3, $4, $4, $5) ON CONFLICT (source_ref) DO NOTHING RETURNING id`,
      [lot.userId, lot.kind, lot.sourceRef, lot.credits, lot.expiresAt],
    );
    if (rows.length === 0) return false;
    await this.entry(tx, { userId: lot.userId, lotId: rows[0].id, kind: 'grant', delta: lot.credits });
    return true;
  }

  /**
   * Takes back up to `share` (0..1) of what a lot granted, counting what was already taken back: first
   * what the lot still holds, then what held reservations (a batch's first, then the newest) hold of
   * it, so that no release gives those credits back to the lot. Spent credits stay spent. Returns the
   * credits removed now. Lock the user's held reservations (`lockHeldReservationsOf`) before the user.
   */
  async revokeShareOfLot(tx: EntityManager, sourceRef: string, share: number): Promise<{ userId: string; revoked: number } | null> {
    const [lot]: Array<{ id: string; user_id: string; credits_granted: number; credits_remaining: number }> = await tx.query(
      `SELECT id, user_id, credits_granted, credits_remaining FROM billing.credit_lots WHERE source_ref = $1 FOR UPDATE`,
      [sourceRef],
    );
    if (!lot) return null;
    const [{ taken }] = await tx.query(
      `SELECT coalesce(-sum(delta), 0)::int AS taken FROM billing.ledger_entries WHERE lot_id = $1 AND kind = 'revoke'`,
      [lot.id],
    );
    const target = Math.ceil(lot.credits_granted * Math.min(1, Math.max(0, share)));
    const fromLot = Math.max(0, Math.min(target - taken, lot.credits_remaining));
    if (fromLot > 0) {
      await tx.query(`UPDATE billing.credit_lots SET credits_remaining = credits_remaining - $2 WHERE id = $1`, [lot.id, fromLot]);
      await this.entry(tx, { userId: lot.user_id, lotId: lot.id, kind: 'revoke', delta: -fromLot });
    }
    const cut = await this.cutHeldParts(tx, { id: lot.id, userId: lot.user_id }, Math.max(0, target - taken - fromLot));
    return { userId: lot.user_id, revoked: fromLot + cut };
  }

  /**
   * Takes up to `amount` of a lot's credits out of the held reservations holding them. The ledger keeps
   * matching the balance: each cut reads as those credits released to the lot and revoked there at once.
   */
  private async cutHeldParts(tx: EntityManager, lot: { id: string; userId: string }, amount: number): Promise<number> {
    if (amount <= 0) return 0;
    const parts: Array<{ reservation_id: string; amount: number }> = await tx.query(
      `SELECT p.reservation_id, p.amount FROM billing.reservation_parts p JOIN billing.reservations r ON r.id = p.reservation_id
       WHERE p.lot_id = $1 AND r.status = 'held' AND p.amount > 0
       ORDER BY (r.reason = 'batch') DESC, r.created_at DESC, r.id`,
      [lot.id],
    );
    let left = amount;
    for (const part of parts) {
      if (left === 0) break;
      const cut = Math.min(left, part.amount);
      left -= cut;
      if (cut === part.amount)
        await tx.query(`DELETE FROM billing.reservation_parts WHERE reservation_id = $1 AND lot_id = $2`, [part.reservation_id, lot.id]);
      else
        await tx.query(`UPDATE billing.reservation_parts SET amount = amount - $3 WHERE reservation_id = $1 AND lot_id = $2`, [
          part.reservation_id,
          lot.id,
          cut,
        ]);
      await tx.query(`UPDATE billing.reservations SET amount = amount - $2 WHERE id = $1`, [part.reservation_id, cut]);
      await this.entry(tx, { userId: lot.userId, lotId: lot.id, reservationId: part.reservation_id, kind: 'release', delta: cut });
      await this.entry(tx, { userId: lot.userId, lotId: lot.id, reservationId: part.reservation_id, kind: 'revoke', delta: -cut });
    }
    return amount - left;
  }

  /**
   * Locks the user's held reservations, in the order settle() and split() take them (the reservation,
   * then the user): a reversal that cuts them takes these locks before the user's.
   */
  async lockHeldReservationsOf(tx: EntityManager, userId: string): Promise<void> {
    await tx.query(`SELECT id FROM billing.reservations WHERE user_id = $1 AND status = 'held' ORDER BY id FOR UPDATE`, [userId]);
  }

  /** The lots one payment bought for a user, of those named by `refs` (period, upgrade and pack lots). */
  async lotsBoughtBy(tx: EntityManager, userId: string, refs: string[]): Promise<string[]> {
    const rows: Array<{ source_ref: string }> = await tx.query(
      `SELECT source_ref FROM billing.credit_lots WHERE user_id = $1 AND source_ref = ANY($2) ORDER BY created_at`,
      [userId, refs],
    );
    return rows.map((row) => row.source_ref);
  }

  async hasLot(tx: EntityManager, sourceRef: string): Promise<boolean> {
    const rows = await tx.query(`SELECT 1 FROM billing.credit_lots WHERE source_ref = $1`, [sourceRef]);
    return rows.length > 0;
  }

  async findReservationByRef(tx: EntityManager, ref: string): Promise<Reservation | null> {
    const [row]: ReservationRow[] = await tx.query(`SELECT id, user_id, amount, status FROM billing.reservations WHERE ref = $1`, [ref]);
    return row ? toReservation(row) : null;
  }

  async lockReservation(tx: EntityManager, id: string): Promise<Reservation | null> {
    const [row]: ReservationRow[] = await tx.query(
      `SELECT id, user_id, amount, status FROM billing.reservations WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return row ? toReservation(row) : null;
  }

  async createReservation(
    tx: EntityManager,
    input: { userId: string; ref: string; reason: string; amount: number; parts: Array<{ lotId: string; amount: number }> },
  ): Promise<string> {
    const [{ id }] = await tx.query(
      `INSERT INTO billing.reservations (user_id, ref, reason, amount) VALUES ($1, $2, $3, $4) RETURNING id`,
      [input.userId, input.ref, input.reason, input.amount],
    );
    for (const part of input.parts) {
      await tx.query(`INSERT INTO billing.reservation_parts (reservation_id, lot_id, amount) VALUES ($1, $2, $3)`, [
        id,
        part.lotId,
        part.amount,
      ]);
      await tx.query(`UPDATE billing.credit_lots SET credits_remaining = credits_remaining - $2 WHERE id = $1`, [part.lotId, part.amount]);
      await this.entry(tx, { userId: input.userId, lotId: part.lotId, reservationId: id, kind: 'reserve', delta: -part.amount });
    }
    return id;
  }

  async settle(tx: EntityManager, id: string, status: 'committed' | 'released'): Promise<void> {
    await tx.query(`UPDATE billing.reservations SET status = $2, settled_at = now() WHERE id = $1`, [id, status]);
  }

  /** Gives a reservation's credits back to the lots they came from. */
  async returnCredits(tx: EntityManager, reservation: Reservation): Promise<void> {
    const parts: Array<{ lot_id: string; amount: number }> = await tx.query(
      `SELECT lot_id, amount FROM billing.reservation_parts WHERE reservation_id = $1`,
      [reservation.id],
    );
    for (const part of parts) {
      await tx.query(`UPDATE billing.credit_lots SET credits_remaining = credits_remaining + $2 WHERE id = $1`, [part.lot_id, part.amount]);
      await this.entry(tx, {
        userId: reservation.userId,
        lotId: part.lot_id,
        reservationId: reservation.id,
        kind: 'release',
        delta: part.amount,
      });
    }
  }

  /**
   * Moves `amount` of a held reservation's credits into a new held reservation (same user, reason
   * `generation`): the parts move from the lots that expire first, the balance does not change.
   */
  async splitReservation(tx: EntityManager, from: Reservation, input: { ref: string; amount: number }): Promise<string> {
    const [{ id }] = await tx.query(
      `INSERT INTO billing.reservations (user_id, ref, reason, amount, split_from) VALUES ($1, $2, 'generation', $3, $4) RETURNING id`,
      [from.userId, input.ref, input.amount, from.id],
    );
    const parts: Array<{ lot_id: string; amount: number }> = await tx.query(
      `SELECT p.lot_id, p.amount FROM billing.reservation_parts p JOIN billing.credit_lots l ON l.id = p.lot_id
       WHERE p.reservation_id = $1 ORDER BY l.expires_at ASC NULLS LAST, l.created_at`,
      [from.id],
    );
    let left = input.amount;
    for (const part of parts) {
      if (left === 0) break;
      const moved = Math.min(left, part.amount);
      left -= moved;
      if (moved === part.amount)
        await tx.query(`DELETE FROM billing.reservation_parts WHERE reservation_id = $1 AND lot_id = $2`, [from.id, part.lot_id]);
      else
        await tx.query(`UPDATE billing.reservation_parts SET amount = amount - $3 WHERE reservation_id = $1 AND lot_id = $2`, [
          from.id,
          part.lot_id,
          moved,
        ]);
      await tx.query(`INSERT INTO billing.reservation_parts (reservation_id, lot_id, amount) VALUES ($1, $2, $3)`, [
        id,
        part.lot_id,
        moved,
      ]);
    }
    await tx.query(`UPDATE billing.reservations SET amount = amount - $2 WHERE id = $1`, [from.id, input.amount]);
    return id;
  }

  /** The reservation a split made under `ref`, with what is left of its source. */
  async findSplit(
    tx: EntityManager,
    ref: string,
  ): Promise<{ id: string; userId: string; remaining: number; splitFrom: string | null } | null> {
    const [row]: Array<{ id: string; user_id: string; split_from: string | null; remaining: number | null }> = await tx.query(
      `SELECT r.id, r.user_id, r.split_from, s.amount AS remaining FROM billing.reservations r
       LEFT JOIN billing.reservations s ON s.id = r.split_from WHERE r.ref = $1`,
      [ref],
    );
    return row ? { id: row.id, userId: row.user_id, remaining: row.remaining ?? 0, splitFrom: row.split_from } : null;
  }

  /**
   * One held reservation older than the timeout, claimed for this sweeper instance (others skip it). A
   * batch's reservation is never stale: it lives as long as its batch, which releases what is left.
   */
  async claimStaleReservation(tx: EntityManager, olderThanMs: number): Promise<Reservation | null> {
    const [row]: ReservationRow[] = await tx.query(
      `SELECT id, user_id, amount, status FROM billing.reservations
       WHERE status = 'held' AND reason <> 'batch' AND created_at < now() - make_interval(secs => $1 / 1000.0)
       ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
      [olderThanMs],
    );
    return row ? toReservation(row) : null;
  }

  /** Zeroes a user's lots past their expiry, with 'expire' entries, so the ledger keeps matching the balance. */
  async expireDueLots(tx: EntityManager, userId: string): Promise<number> {
    const lots: Array<{ id: string; credits_remaining: number }> = await tx.query(
      `SELECT id, credits_remaining FROM billing.credit_lots WHERE user_id = $1 AND credits_remaining > 0 AND expires_at <= now() FOR UPDATE`,
      [userId],
    );
    return this.zero(tx, userId, lots);
  }

  /**
   * Closes the open plan and rollover lots of a user's ending period: what is left expires now, and the
   * reply is what the period left unused, counting what the sweeper already expired at the period end
   * (the rollover must not depend on whether the sweeper or the renewal ran first).
   */
  async settlePeriodLots(tx: EntityManager, userId: string): Promise<number> {
    const lots: Array<{ id: string; credits_remaining: number; expired: number }> = await tx.query(
      `SELECT lot.id, lot.credits_remaining,
              coalesce((SELECT -sum(entry.delta) FROM billing.ledger_entries entry WHERE entry.lot_id = lot.id AND entry.kind = 'expire'), 0)::int AS expired
       FROM billing.credit_lots lot
       WHERE lot.user_id = $1 AND lot.kind IN ('plan', 'rollover') AND lot.settled_at IS NULL FOR UPDATE`,
      [userId],
    );
    if (lots.length === 0) return 0;
    await this.zero(
      tx,
      userId,
      lots.filter((lot) => lot.credits_remaining > 0),
    );
    // Expired now, so that credits a late release returns to these lots are not spendable again.
    await tx.query(`UPDATE billing.credit_lots SET settled_at = now(), expires_at = least(expires_at, now()) WHERE id = ANY($1)`, [
      lots.map((lot) => lot.id),
    ]);
    return lots.reduce((sum, lot) => sum + lot.credits_remaining + lot.expired, 0);
  }

  async usersWithExpiredLots(limit: number): Promise<string[]> {
    const rows: Array<{ user_id: string }> = await this.dataSource.query(
      `SELECT DISTINCT user_id FROM billing.credit_lots WHERE credits_remaining > 0 AND expires_at <= now() LIMIT $1`,
      [limit],
    );
    return rows.map((row) => row.user_id);
  }

  private async zero(tx: EntityManager, userId: string, lots: Array<{ id: string; credits_remaining: number }>): Promise<number> {
    for (const lot of lots) {
      await tx.query(`UPDATE billing.credit_lots SET credits_remaining = 0 WHERE id = $1`, [lot.id]);
      await this.entry(tx, { userId, lotId: lot.id, kind: 'expire', delta: -lot.credits_remaining });
    }
    return lots.reduce((sum, lot) => sum + lot.credits_remaining, 0);
  }

  private async entry(
    tx: EntityManager,
    entry: { userId: string; lotId?: string; reservationId?: string; kind: string; delta: number },
  ): Promise<void> {
    this.touch(tx, entry.userId);
    await tx.query(`INSERT INTO billing.ledger_entries (user_id, lot_id, reservation_id, kind, delta) VALUES ($1, $2, $3, $4, $5)`, [
      entry.userId,
      entry.lotId ?? null,
      entry.reservationId ?? null,
      entry.kind,
      entry.delta,
    ]);
  }
}
