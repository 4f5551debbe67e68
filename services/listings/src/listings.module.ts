import { Module, type DynamicModule } from '@nestjs/common';
import type { ListingsConfig } from './config.js';
import type { CopyWriter } from './copy/copy-writer.js';
import type { RiskAssessor } from './trademarks/risk-assessor.js';
import { COPY_WRITER, LISTINGS_CONFIG, LOCAL_COPY_WRITER, RISK_ASSESSOR } from './listings.tokens.js';
import { ListingsController } from './listings.controller.js';
import { ListingsService } from './listings.service.js';
import { ListingMetrics } from './listing-metrics.js';
import { ListingRepository } from './repositories/listing.repository.js';
import { ListingsDataService } from './listings-data.service.js';
import { SellerProfileRepository } from './repositories/seller-profile.repository.js';
import { CopyUsageRepository } from './repositories/copy-usage.repository.js';
import { RiskDenylistRepository } from './repositories/risk-denylist.repository.js';
import { RateLimitRepository } from './repositories/rate-limit.repository.js';

export interface ListingsParts {
  writer: CopyWriter;
  localWriter: CopyWriter;
  risks: RiskAssessor;
  metrics: ListingMetrics;
}

@Module({})
export class ListingsModule {
  static forRoot(config: ListingsConfig, parts: ListingsParts): DynamicModule {
    return {
      module: ListingsModule,
      controllers: [ListingsController],
      providers: [
        { provide: LISTINGS_CONFIG, useValue: config },
        { provide: COPY_WRITER, useValue: parts.writer },
        { provide: LOCAL_COPY_WRITER, useValue: parts.localWriter },
        { provide: RISK_ASSESSOR, useValue: parts.risks },
        { provide: ListingMetrics, useValue: parts.metrics },
        ListingsService,
        ListingsDataService,
        ListingRepository,
        SellerProfileRepository,
        CopyUsageRepository,
        RiskDenylistRepository,
        RateLimitRepository,
      ],
    };
  }
}
