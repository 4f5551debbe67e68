import { Module, type DynamicModule } from '@nestjs/common';
import type { PublishingConfig } from './config.js';
import { PUBLICATION_QUEUE, PUBLISHING_CONFIG, TOKEN_CIPHER } from './publishing.tokens.js';
import { PrintifyAuthorization } from './connections/printify-authorization.js';
import { PublishingController } from './publishing.controller.js';
import { PublishingService } from './publishing.service.js';
import { PublishingDataService } from './publishing-data.service.js';
import { TokenCipher } from './connections/token-cipher.js';
import { ConnectionRepository } from './repositories/connection.repository.js';
import { PublicationRepository } from './repositories/publication.repository.js';
import { PrintLinkRepository } from './repositories/print-link.repository.js';
import { RateLimitRepository } from './repositories/rate-limit.repository.js';
import { TemplateRepository } from './repositories/template.repository.js';
import { PrintifyAccess } from './printify/printify-access.js';
import { ConnectionChecklist } from './connections/connection-checklist.js';
import { TemplateCatalogue } from './templates/template-catalogue.js';
import { PublicationStepsService } from './publications/publication-steps.js';
import type { PublicationQueue } from './publications/publication-queue.js';

@Module({})
export class PublishingModule {
  static forRoot(config: PublishingConfig, parts: { queue: PublicationQueue }): DynamicModule {
    return {
      module: PublishingModule,
      controllers: [PublishingController],
      providers: [
        { provide: PUBLISHING_CONFIG, useValue: config },
        { provide: PUBLICATION_QUEUE, useValue: parts.queue },
        { provide: TOKEN_CIPHER, useValue: new TokenCipher(config.connectionKeys) },
        PublishingService,
        PublishingDataService,
        PublicationStepsService,
        PrintifyAccess,
        TemplateCatalogue,
        ConnectionChecklist,
        PrintifyAuthorization,
        ConnectionRepository,
        PublicationRepository,
        PrintLinkRepository,
        RateLimitRepository,
        TemplateRepository,
      ],
    };
  }
}
