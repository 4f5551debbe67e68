import { startService, type RunningService } from '@printloom/service-kit';
import type { NotificationsConfig } from './config.js';
import { NotificationsModule } from './notifications.module.js';
import { notificationsDatabase } from './database/database-options.js';
import { OutboxRepository } from './repositories/outbox.repository.js';
import { MailTransport } from './mail-transport.js';
import { OutboxWorker } from './outbox-worker.js';

export function startNotificationsService(config: NotificationsConfig): Promise<RunningService> {
  const transport = new MailTransport(config.SMTP_URL, config.MAIL_FROM);
  let worker: OutboxWorker | undefined;
  return startService({
    name: 'notifications',
    env: config,
    database: notificationsDatabase,
    module: (infra) => {
      worker = new OutboxWorker(new OutboxRepository(infra.dataSource), transport, infra.logger, {
        pollMs: config.MAIL_POLL_MS,
        retryBaseMs: config.MAIL_RETRY_BASE_MS,
        maxAttempts: config.MAIL_MAX_ATTEMPTS,
      }, infra.metrics.counter('printloom_mails_total', 'Email send attempts by outcome: sent, failed (retried later), gave_up', ['outcome']));
      return NotificationsModule.forRoot(config, worker);
    },
    afterStart: async () => {
      worker!.start();
      worker!.poke();
      return async () => {
        await worker!.stop();
        transport.close();
      };
    },
  });
}
