import { startService, type RunningService } from '@printloom/service-kit';
import type { PublishingConfig } from './config.js';
import { PublishingModule } from './publishing.module.js';
import { publishingDatabase } from './database/database-options.js';
import { PublicationQueue } from './publications/publication-queue.js';
import { PUBLICATION_QUEUE } from './publishing.tokens.js';
import { PublicationWorker } from './publications/publication-worker.js';
import { PublicationStepsService } from './publications/publication-steps.js';
import { PublishingService } from './publishing.service.js';
import { PublishingDataService } from './publishing-data.service.js';

export function startPublishingService(config: PublishingConfig): Promise<RunningService> {
  return startService({
    name: 'publishing',
    env: config,
    database: publishingDatabase,
    module: (infra) =>
      PublishingModule.forRoot(config, {
        queue: new PublicationQueue(infra.nc, config.PUBLISHING_ACK_WAIT_MS),
      }),
    afterStart: async (app, infra) => {
      const queue = app.get<PublicationQueue>(PUBLICATION_QUEUE);
      await queue.ensure();
      await app.get(PublishingService).resealTokens();
      infra.metrics.gauge(
        'printloom_publication_queue',
        'Publication steps waiting in the queue, and in work',
        ['state'],
        async (gauge) => {
          const { pending, inFlight } = await queue.backlog();
          gauge.set({ state: 'pending' }, pending);
          gauge.set({ state: 'in_flight' }, inFlight);
        },
      );
      const worker = new PublicationWorker(
        queue,
        app.get(PublicationStepsService),
        config.PUBLISHING_CONCURRENCY,
        config.PUBLISHING_ACK_WAIT_MS,
        infra.logger,
        config.PUBLISHING_FAILURE_BACKOFF_MS,
        infra.metrics.registry,
      );
      worker.start();
      const data = app.get(PublishingDataService);
      const sweeper = infra.startSweeper({ name: 'publishing-housekeeping', intervalMs: 60_000, run: () => data.deleteExpired() });
      const stopDeletions = await infra.handleAccountDeletions(data);
      return async () => {
        await worker.stop();
        await stopDeletions();
        await sweeper.stop();
      };
    },
  });
}
