import { startPeriodicSweeper, type Logger, type PeriodicSweeper, type ServiceMetrics } from '@printloom/service-kit';
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
  private sweeper: PeriodicSweeper | undefined;
  private pokeQueued = false;

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly transport: MailTransport,
    private readonly logger: Logger,
    private readonly options: OutboxWorkerOptions & { registry: ServiceMetrics['registry'] },
    /** Send attempts by outcome: sent, failed (will retry), gave_up (attempts spent). */
    private readonly mails?: Counter<'outcome'>,
  ) {}

  start(): void {
    this.sweeper = startPeriodicSweeper({
      name: 'outbox-send',
      intervalMs: this.options.pollMs,
      logger: this.logger,
      registry: this.options.registry,
      run: () => this.drain(),
    });
  }

  /** Runs a pass soon (a new message was queued); one queued pass serves every poke meanwhile. */
  poke(): void {
    if (!this.sweeper || this.pokeQueued) return;
    this.pokeQueued = true;
    this.sweeper
      .runNow()
      .catch(() => undefined) // logged and counted by the sweeper
      .finally(() => {
        this.pokeQueued = false;
      });
  }

  async stop(): Promise<void> {
    await this.sweeper?.stop();
  }

  private async drain(): Promise<{ sent: number; failed_attempts: number }> {
    const counts = { sent: 0, failed_attempts: 0 };
    for (;;) {
      const batch = await this.outbox.claimDue(10, 60);
      if (batch.length === 0) return counts;
      await Promise.all(
        batch.map(async (message) => {
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
            counts.sent += 1;
          } catch (error) {
            const retryInMs = retryDelayMs(message.attempts, this.options);
            this.mails?.inc({ outcome: retryInMs === null ? 'gave_up' : 'failed' });
            this.logger.warn({ err: error, outboxId: message.id, attempts: message.attempts + 1, retryInMs }, 'Email send failed');
            await this.outbox.markFailedAttempt(message.id, (error as Error).message, retryInMs);
            counts.failed_attempts += 1;
          }
        }),
      );
    }
  }
}
