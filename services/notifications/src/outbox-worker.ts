import { BackgroundWorker, type Logger, type ServiceMetrics, type Settlement } from '@printloom/service-kit';
import type { Counter } from 'prom-client';
import type { OutboxRepository } from './repositories/outbox.repository.js';
import type { MailTransport } from './mail-transport.js';
import type { OutboxMessage } from './domain/outbox-message.js';

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

/** Messages sent at once by one instance (the batch a pass used to claim). */
const SENDING_AT_ONCE = 10;
/** A message being sent is held this long before another instance may take it (this one died). */
const SEND_LEASE_SECONDS = 60;
/** How long a stop waits for the mail being sent (an SMTP exchange) before handing it back. */
export const OUTBOX_STOP_GRACE_MS = 10_000;

/** Sends queued mail in the background (service-kit's worker form on leased rows); instances share the outbox safely. */
export class OutboxWorker {
  private readonly worker: BackgroundWorker<OutboxMessage>;

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly transport: MailTransport,
    private readonly logger: Logger,
    private readonly options: OutboxWorkerOptions & { registry: ServiceMetrics['registry'] },
    /** Send attempts by outcome: sent, failed (will retry), gave_up (attempts spent). */
    private readonly mails?: Counter<'outcome'>,
  ) {
    this.worker = new BackgroundWorker<OutboxMessage>({
      name: 'outbox-send',
      source: outbox.workSource(SEND_LEASE_SECONDS),
      concurrency: SENDING_AT_ONCE,
      idleRecheckMs: options.pollMs,
      logger,
      registry: options.registry,
      handle: (message) => this.send(message),
    });
  }

  start(): void {
    this.worker.start();
  }

  /** A message was queued: idle senders look at once. */
  wake(): void {
    this.worker.wake();
  }

  /** The stop rule: nothing new is sent; mail being sent finishes within the grace, the rest is handed back. */
  async stop(graceMs = OUTBOX_STOP_GRACE_MS): Promise<number> {
    return this.worker.stop(graceMs);
  }

  /** One message sent, or its failed attempt recorded with its back-off (the row's own state either way). */
  private async send(message: OutboxMessage): Promise<Settlement> {
    try {
      await this.transport.send({
        to: message.recipient,
        subject: message.subject,
        text: message.textBody,
        html: message.htmlBody,
        listUnsubscribe: message.listUnsubscribe,
      });
      await this.outbox.markSent(message.id);
      this.mails?.inc({ outcome: 'sent' });
      return { settled: 'done', counts: { sent: 1 } };
    } catch (error) {
      const retryInMs = retryDelayMs(message.attempts, this.options);
      this.mails?.inc({ outcome: retryInMs === null ? 'gave_up' : 'failed' });
      this.logger.warn({ err: error, outboxId: message.id, attempts: message.attempts + 1, retryInMs }, 'Email send failed');
      await this.outbox.markFailedAttempt(message.id, (error as Error).message, retryInMs);
      return { settled: 'done', counts: { failed_attempts: 1 } };
    }
  }
}
