/** A queued email claimed for sending (the repository maps its row to this). */
export interface OutboxMessage {
  id: string;
  recipient: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  attempts: number;
  /** The one-click unsubscribe URL, when the mail can be unsubscribed from. */
  listUnsubscribe: string | null;
}
