/** A queued email claimed for sending (the repository maps its row to this). */
export interface OutboxMessage {
  id: string;
  recipient: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  attempts: number;
}
