import { accountPurgesMigration, type DatabaseOptions } from '@printloom/service-kit';
import { Publishing1764100000100 } from './migrations/1764100000100-publishing.js';
import { PublicationTitle1764200000143 } from './migrations/1764200000143-publication-title.js';
import { CatalogueTemplates1764300000040 } from './migrations/1764300000040-catalogue-templates.js';
import { PublishOutcome1764300000041 } from './migrations/1764300000041-publish-outcome.js';
import { ConnectionChecklist1764300000400 } from './migrations/1764300000400-connection-checklist.js';
import { PrintifyOauth1764300000500 } from './migrations/1764300000500-printify-oauth.js';
import { RefreshClaim1764300000600 } from './migrations/1764300000600-refresh-claim.js';

export const publishingDatabase: Omit<DatabaseOptions, 'url'> = {
  schema: 'publishing',
  migrations: [
    Publishing1764100000100,
    accountPurgesMigration('publishing', 1764100000101),
    PublicationTitle1764200000143,
    CatalogueTemplates1764300000040,
    PublishOutcome1764300000041,
    ConnectionChecklist1764300000400,
    PrintifyOauth1764300000500,
    RefreshClaim1764300000600,
  ],
};
