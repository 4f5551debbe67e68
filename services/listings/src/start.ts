import { startService, type RunningService } from '@printloom/service-kit';
import type { ListingsConfig } from './config.js';
import { ListingsModule } from './listings.module.js';
import { listingsDatabase } from './database/database-options.js';
import { LocalCopyWriter } from './copy/local-writer.js';
import { OpenAiCopyWriter } from './copy/openai-writer.js';
import type { CopyWriter } from './copy/copy-writer.js';
import { ListingMetrics } from './listing-metrics.js';
import { ListingRepository } from './repositories/listing.repository.js';
import { SellerProfileRepository } from './repositories/seller-profile.repository.js';
import { CopyUsageRepository } from './repositories/copy-usage.repository.js';
import type { RiskAssessor } from './trademarks/risk-assessor.js';
import { TrademarkRiskAssessor } from './trademarks/trademark-risk-assessor.js';
import { DENYLIST_SEED } from './trademarks/denylist-seed.js';
import { TrademarkIndexRepository } from './repositories/trademark-index.repository.js';
import { RiskDenylistRepository } from './repositories/risk-denylist.repository.js';
import { RateLimitRepository } from './repositories/rate-limit.repository.js';

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
    afterStart: async (_app, infra) => {
      // The seed denylist ships with the code: each start brings the table up to it.
      const denylist = new RiskDenylistRepository(infra.dataSource);
      await denylist.syncSeed(DENYLIST_SEED);
      const listings = new ListingRepository(infra.dataSource);
      const profiles = new SellerProfileRepository(infra.dataSource);
      const usage = new CopyUsageRepository(infra.dataSource);
      const rateLimits = new RateLimitRepository(infra.dataSource);
      const counts = infra.startSweeper({
        name: 'listing-write-counts',
        intervalMs: 3600_000,
        // Risk-check windows last a minute: an hour-old one counts for nothing.
        run: async () => ({ deleted_rows: (await usage.deleteOld()) + (await rateLimits.deleteOlderThan(3600)) }),
      });
      const stopDeletions = await infra.handleAccountDeletions({
        // Copy and profile go with the account at once: nothing of them is kept for the retention period.
        onDeleted: async (account) => {
          await listings.deleteFor(account.userId);
          await profiles.deleteFor(account.userId);
          await denylist.deleteAllForUser(account.userId);
        },
        purge: async (account) => ({
          listings: await listings.deleteFor(account.userId),
          seller_profiles: await profiles.deleteFor(account.userId),
          copy_writes: await usage.deleteFor(account.userId),
          risk_denylist: await denylist.deleteAllForUser(account.userId),
        }),
      });
      return async () => {
        await stopDeletions();
        await counts.stop();
      };
    },
  });
}
