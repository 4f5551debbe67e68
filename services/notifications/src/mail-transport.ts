import nodemailer, { type Transporter } from 'nodemailer';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** One-click unsubscribe URL: List-Unsubscribe with List-Unsubscribe-Post (RFC 8058), so providers offer the button. */
  listUnsubscribe?: string | null;
}

/** The RFC 8058 headers of a mail that can be unsubscribed from in one click (no mailto: the product has no such mailbox). */
export function listUnsubscribeHeaders(url: string | null | undefined): Record<string, string> {
  return url ? { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {};
}

/** nodemailer over SMTP_URL, pooled so a burst of codes reuses one connection. */
export class MailTransport {
  private readonly transporter: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    const url = new URL(smtpUrl);
    this.transporter = nodemailer.createTransport({
      host: url.hostname,
      port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 25)),
      secure: url.protocol === 'smtps:',
      auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
      pool: true,
      maxConnections: 2,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
  }

  async send({ listUnsubscribe, ...email }: OutgoingEmail): Promise<void> {
    await this.transporter.sendMail({ from: this.from, ...email, headers: listUnsubscribeHeaders(listUnsubscribe) });
  }

  close(): void {
    this.transporter.close();
  }
}
