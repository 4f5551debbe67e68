import type { Logger } from '@printloom/service-kit';
import type { Counter } from 'prom-client';
import type { OutboxRepository } from './repositories/outbox.repository.js';
import type { MailTransport } from './mail-transport.js';

export interface OutboxWorkerOptions {
  pollMs: number;
  retryBaseMs: number;
  maxAttempts: number;
}

/** Exponential back-off: base, 2×base, 4×base… capped at an hour; null once the attempts are spent. */
export function retryDelayMs(attemptsSoFar: number, options: Pick<OutboxWorkerOptions, 'retryBaseMs' | 'maxAttempts'>): number | null {
  if (attemptsSoFar + 1 >= options.maxAttempts) return null;
  return Math.min(3600_000, options.retryBaseMs * 2 ** attemptsSoFar);
}

/** Sends queued mail in the background; several instances share the outbox safely. */
export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly transport: MailTransport,
    private readonly logger: Logger,
    private readonly options: OutboxWorkerOptions,
    /** Send attempts by outcome: sent, failed (will retry), gave_up (attempts spent). */
    private readonly mails?: Counter<'outcome'>,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.poke(), this.options.pollMs);
    this.timer.unref();
  }

  /** Runs a pass now (a new message was queued) unless one is already running. */
  poke(): void {
    if (this.stopped || this.running) return;
    this.running = this.drain()
      .catch((error) => this.logger.error({ err: error }, 'Outbox pass failed'))
      .finally(() => {
        this.running = undefined;
      });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  private async drain(): Promise<void> {
    for (;;) {
      const batch = await this.outbox.claimDue(10, 60);
      if (batch.length === 0) return;
      await Promise.all(
        batch.map(async (message) => {
          try {
            await this.transport.send({ to: message.recipient, subject: message.subject, text: message.text_body, html: message.html_body });
            await this.outbox.markSent(message.id);
            this.mails?.inc({ outcome: 'sent' });
          } catch (error) {
            const retryInMs = retryDelayMs(message.attempts, this.options);
            this.mails?.inc({ outcome: retryInMs === null ? 'gave_up' : 'failed' });
            this.logger.warn({ err: error, outboxId: message.id, attempts: message.attempts + 1, retryInMs }, 'Email send failed');
            await this.outbox.markFailedAttempt(message.id, (error as Error).message, retryInMs);
          }
        }),
      );
    }
  }
}
