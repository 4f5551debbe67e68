// A real SMTP server for tests: accepts every message and keeps it, parsed, for assertions.
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { waitFor } from '@printloom/service-kit/testing';

/** The subject of the sign-up code mail (the code is in it too). */
export const VERIFY_SUBJECT = /^Your Printloom code: \d{6}$/;

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Every header as sent (lower-case name → unfolded value), e.g. `list-unsubscribe`. */
  headers: Record<string, string>;
}

export class SmtpInbox {
  readonly messages: ReceivedMail[] = [];
  private server: SMTPServer;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
            for (const to of recipients) {
              this.messages.push({
                to,
                subject: mail.subject ?? '',
                text: mail.text ?? '',
                html: typeof mail.html === 'string' ? mail.html : '',
                headers: Object.fromEntries(
                  mail.headerLines.map(({ key, line }) => [
                    key,
                    line
                      .slice(line.indexOf(':') + 1)
                      .replace(/\r?\n[ \t]+/g, ' ')
                      .trim(),
                  ]),
                ),
              });
            }
            callback();
          })
          .catch(callback);
      },
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Waits for the next message to `to` whose subject matches, after `after` messages to them. */
  async waitFor(to: string, subject: RegExp, timeoutMs = 10_000): Promise<ReceivedMail> {
    const latest = () => [...this.messages].reverse().find((mail) => mail.to === to.toLowerCase() && subject.test(mail.subject));
    await waitFor(() => latest() !== undefined, {
      timeoutMs,
      what: () => `mail to ${to} matching ${subject} (got: ${this.messages.map((m) => `${m.to}: ${m.subject}`).join('; ') || 'none'})`,
    });
    return latest()!;
  }

  count(to: string, subject: RegExp): number {
    return this.messages.filter((mail) => mail.to === to.toLowerCase() && subject.test(mail.subject)).length;
  }
}

export function codeFrom(mail: ReceivedMail): string {
  const match = /(\d{6})/.exec(mail.subject);
  if (!match) throw new Error(`no code in subject "${mail.subject}"`);
  return match[1];
}
