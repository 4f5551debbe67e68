import { startService, type RunningService } from '@printloom/service-kit';
import type { PublishingConfig } from './config.js';
import { PublishingModule } from './publishing.module.js';
import { publishingDatabase } from './database/database-options.js';
import { PublicationQueue } from './publications/publication-queue.js';
import { PUBLICATION_QUEUE } from './publishing.tokens.js';
import { PublicationWorker } from './publications/publication-worker.js';
import { PublicationStepsService } from './publications/publication-steps.js';
import { PublishingService } from './publishing.service.js';
import { ConnectionRepository } from './repositories/connection.repository.js';
import { PublicationRepository } from './repositories/publication.repository.js';
import { TemplateRepository } from './repositories/template.repository.js';
import { PrintLinkRepository } from './repositories/print-link.repository.js';
import { RateLimitRepository } from './repositories/rate-limit.repository.js';
import { CONNECT_WINDOW_MS } from './printify/printify-access.js';

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
      const connections = new ConnectionRepository(infra.dataSource);
      const publications = new PublicationRepository(infra.dataSource);
      const templates = new TemplateRepository(infra.dataSource);
      const links = new PrintLinkRepository(infra.dataSource);
      const limits = new RateLimitRepository(infra.dataSource);
      const sweeper = infra.startSweeper({
        name: 'publishing-housekeeping',
        intervalMs: 60_000,
        run: async () => {
          // The longest window counted: publishes (PRINTIFY_PUBLISH_WINDOW_MS) or connects (an hour).
          const longest = Math.max(config.PRINTIFY_PUBLISH_WINDOW_MS, CONNECT_WINDOW_MS);
          return {
            print_links: await links.deleteExpired(),
            rate_events: await limits.deleteOld(longest),
            oauth_states: await connections.deleteExpiredStates(),
          };
        },
      });
      const stopDeletions = await infra.handleAccountDeletions({
        // The token is destroyed at once; templates and publications go too (the drafts stay in the seller's Printify).
        onDeleted: async (account) => {
          await connections.deleteFor(account.userId);
          await links.deleteFor(account.userId);
          await publications.deleteFor(account.userId);
          await templates.deleteFor(account.userId);
        },
        purge: async (account) => ({
          connections: await connections.deleteFor(account.userId),
          print_links: await links.deleteFor(account.userId),
          publications: await publications.deleteFor(account.userId),
          templates: await templates.deleteFor(account.userId),
          rate_events: await limits.deleteFor(account.userId),
        }),
      });
      return async () => {
        await worker.stop();
        await stopDeletions();
        await sweeper.stop();
      };
    },
  });
}
