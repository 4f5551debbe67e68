import { startService, type RunningService } from '@printloom/service-kit';
import type { NotificationsConfig } from './config.js';
import { NotificationsModule } from './notifications.module.js';
import { notificationsDatabase } from './database/database-options.js';
import { OutboxRepository } from './repositories/outbox.repository.js';
import { MailTransport } from './mail-transport.js';
import { OutboxWorker } from './outbox-worker.js';
import { OUTBOX_WORKER } from './notifications.tokens.js';
import { NotificationsDataService } from './notifications-data.service.js';

export function startNotificationsService(config: NotificationsConfig): Promise<RunningService> {
  const transport = new MailTransport(config.SMTP_URL, config.MAIL_FROM);
  return startService({
    name: 'notifications',
    env: config,
    database: notificationsDatabase,
    module: (infra) => {
      const worker = new OutboxWorker(
        new OutboxRepository(infra.dataSource),
        transport,
        infra.logger,
        {
          pollMs: config.MAIL_POLL_MS,
          retryBaseMs: config.MAIL_RETRY_BASE_MS,
          maxAttempts: config.MAIL_MAX_ATTEMPTS,
          registry: infra.metrics.registry,
        },
        infra.metrics.counter('printloom_mails_total', 'Email send attempts by outcome: sent, failed (retried later), gave_up', [
          'outcome',
        ]),
      );
      return NotificationsModule.forRoot(config, worker);
    },
    afterStart: async (app, infra) => {
      const worker = app.get<OutboxWorker>(OUTBOX_WORKER);
      worker.start();
      worker.wake();
      const data = app.get(NotificationsDataService);
      const retention = infra.startSweeper({
        name: 'outbox-retention',
        intervalMs: config.OUTBOX_SWEEP_INTERVAL_MS,
        run: () => data.applyRetention(),
      });
      const stopDeletions = await infra.handleAccountDeletions(data);
      return async () => {
        await stopDeletions();
        await retention.stop();
        await worker.stop();
        transport.close();
      };
    },
  });
}
