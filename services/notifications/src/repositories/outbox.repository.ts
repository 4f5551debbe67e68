import { Injectable } from '@nestjs/common';
import { LeasedRows, type WorkSource } from '@printloom/service-kit';
import { DataSource } from 'typeorm';
import type { RenderedEmail } from '../templates.js';

import type { OutboxMessage } from '../domain/outbox-message.js';

export interface OutboxRow {
  id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
  list_unsubscribe: string | null;
}

export const toOutboxMessage = (row: OutboxRow): OutboxMessage => ({
  id: row.id,
  recipient: row.recipient,
  subject: row.subject,
  textBody: row.text_body,
  htmlBody: row.html_body,
  attempts: row.attempts,
  listUnsubscribe: row.list_unsubscribe,
});

/** What the outbox records beside the rendered mail. */
export interface OutboxExtras {
  /** Whose mail it is (a deleted account's mail is purged by it). */
  userId?: string | null;
  /** The one-click unsubscribe URL (List-Unsubscribe). */
  listUnsubscribe?: string | null;
}

@Injectable()
export class OutboxRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Queues an email once per key; a retried request queues nothing more. */
  async enqueue(key: string, recipient: string, email: RenderedEmail, extras: OutboxExtras = {}): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO notifications.outbox (key, recipient, subject, text_body, html_body, user_id, list_unsubscribe)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (key) DO NOTHING`,
      [key, recipient, email.subject, email.text, email.html, extras.userId ?? null, extras.listUnsubscribe ?? null],
    );
  }

  /**
   * Due messages as a worker's source (service-kit's form on leased rows): a claim pushes
   * next_attempt_at one lease ahead, so another instance skips the message while it is being sent and
   * takes it once the lease runs out (this one died); the oldest due first.
   */
  workSource(leaseSeconds: number): WorkSource<OutboxMessage> {
    return new LeasedRows<OutboxRow, OutboxMessage>({
      dataSource: this.dataSource,
      table: 'notifications.outbox',
      returning: 'id, recipient, subject, text_body, html_body, attempts, list_unsubscribe',
      waiting: `work.status = 'pending'`,
      leased: `work.status = 'pending'`,
      notBefore: 'next_attempt_at',
      order: 'work.next_attempt_at',
      leaseSeconds,
      toWork: toOutboxMessage,
    }).source((message) => message.id);
  }

  async markSent(id: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE notifications.outbox SET status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = NULL WHERE id = $1`,
      [id],
    );
  }

  async markFailedAttempt(id: string, error: string, retryInMs: number | null): Promise<void> {
    await this.dataSource.query(
      `UPDATE notifications.outbox SET attempts = attempts + 1, last_error = $2,
         status = CASE WHEN $3::bigint IS NULL THEN 'failed' ELSE 'pending' END,
         next_attempt_at = now() + make_interval(secs => coalesce($3::bigint, 0) / 1000.0)
       WHERE id = $1`,
      [id, error.slice(0, 1000), retryInMs],
    );
  }

  /** Sent mail keeps no body (codes, names) past `hours`: subject, recipient and status stay for support. */
  async blankSentBodies(hours: number): Promise<number> {
    const [, count]: [unknown, number] = await this.dataSource.query(
      `UPDATE notifications.outbox SET text_body = '', html_body = '' WHERE status = 'sent' AND sent_at < now() - make_interval(hours => $1) AND (text_body <> '' OR html_body <> '')`,
      [hours],
    );
    return count;
  }

  /** Finished rows (sent or given up) older than `days` are deleted. */
  async deleteFinished(days: number): Promise<number> {
    const [, count]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM notifications.outbox WHERE status IN ('sent', 'failed') AND created_at < now() - make_interval(days => $1)`,
      [days],
    );
    return count;
  }

  /**
   * Records as the deleted account's the mail that was its own without saying so: rows to its address
   * queued up to its deletion (later ones may be a new account's), and the mail to support of the
   * support messages now recorded as its own. Returns how many rows it claimed.
   */
  async claimFor(userId: string, recipient: string, deletedAt: Date): Promise<number> {
    const [, toAddress]: [unknown, number] = await this.dataSource.query(
      `UPDATE notifications.outbox SET user_id = $1 WHERE user_id IS NULL AND recipient = $2 AND created_at <= $3`,
      [userId, recipient, deletedAt],
    );
    const [, toSupport]: [unknown, number] = await this.dataSource.query(
      `UPDATE notifications.outbox SET user_id = $1
       WHERE user_id IS NULL AND key IN (SELECT 'support:' || id FROM notifications.support_messages WHERE user_id = $1)`,
      [userId],
    );
    return toAddress + toSupport;
  }

  /** A deleted account's mail: the rows recorded as its own, never by address. */
  async deleteFor(userId: string): Promise<number> {
    const [, count]: [unknown, number] = await this.dataSource.query(`DELETE FROM notifications.outbox WHERE user_id = $1`, [userId]);
    return count;
  }
}
