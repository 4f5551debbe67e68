import { startService, type RunningService } from '@printloom/service-kit';
import type { ListingsConfig } from './config.js';
import { ListingsModule } from './listings.module.js';
import { listingsDatabase } from './database/database-options.js';
import { LocalCopyWriter } from './copy/local-writer.js';
import { OpenAiCopyWriter } from './copy/openai-writer.js';
import type { CopyWriter } from './copy/copy-writer.js';
import { ListingMetrics } from './listing-metrics.js';
import type { RiskAssessor } from './trademarks/risk-assessor.js';
import { TrademarkRiskAssessor } from './trademarks/trademark-risk-assessor.js';
import { TrademarkIndexRepository } from './repositories/trademark-index.repository.js';
import { ListingsDataService } from './listings-data.service.js';

/** `overrides.risks` lets a test supply the risk assessor (by default the trademark index and the denylist). */
export function startListingsService(config: ListingsConfig, overrides: { risks?: RiskAssessor } = {}): Promise<RunningService> {
  const localWriter = new LocalCopyWriter();
  const writer: CopyWriter = config.OPENAI_API_KEY
    ? new OpenAiCopyWriter({
        apiKey: config.OPENAI_API_KEY,
        baseUrl: config.OPENAI_BASE_URL,
        model: config.OPENAI_TEXT_MODEL,
        timeoutMs: config.OPENAI_TEXT_TIMEOUT_MS,
      })
    : localWriter;
  return startService({
    name: 'listings',
    env: config,
    database: listingsDatabase,
    module: (infra) =>
      ListingsModule.forRoot(config, {
        writer,
        localWriter,
        risks: overrides.risks ?? new TrademarkRiskAssessor(new TrademarkIndexRepository(infra.dataSource)),
        metrics: new ListingMetrics(
          infra.metrics.counter(
            'printloom_listing_copy_total',
            'Listing copy written, by writer and outcome: written, failed, rejected (broke a rule), ceiling (daily limit reached)',
            ['writer', 'outcome'],
          ),
        ),
      }),
    afterStart: async (app, infra) => {
      const data = app.get(ListingsDataService);
      await data.syncDenylistSeed();
      const counts = infra.startSweeper({ name: 'listing-write-counts', intervalMs: 3600_000, run: () => data.deleteOldCounts() });
      const stopDeletions = await infra.handleAccountDeletions(data);
      return async () => {
        await stopDeletions();
        await counts.stop();
      };
    },
  });
}
