import { accountPurgesMigration, type DatabaseOptions } from '@printloom/service-kit';
import { Assets1763800000300 } from './migrations/1763800000300-assets.js';
import { DeletionMark1763800000301 } from './migrations/1763800000301-deletion-mark.js';
import { ImageOperations1763800000302 } from './migrations/1763800000302-image-operations.js';
import { ExpiryReminders1763800000303 } from './migrations/1763800000303-expiry-reminders.js';
import { AssetBackgroundKept1763800000304 } from './migrations/1763800000304-asset-background-kept.js';
import { AssetBrief1763800000305 } from './migrations/1763800000305-asset-brief.js';
import { ListingKitJobs1763800000306 } from './migrations/1763800000306-listing-kit-jobs.js';
import { QualityVerdicts1763800000307 } from './migrations/1763800000307-quality-verdicts.js';
import { LibrarySearchPerUser1763800000308 } from './migrations/1763800000308-library-search-per-user.js';
import { DesignJobs1763800000309 } from './migrations/1763800000309-design-jobs.js';
import { DesignJobTurns1763800000316 } from './migrations/1763800000316-design-job-turns.js';
import { CollectionMembership1763800000330 } from './migrations/1763800000330-collection-membership.js';

export const assetsDatabase: Omit<DatabaseOptions, 'url'> = {
  schema: 'assets',
  migrations: [
    Assets1763800000300,
    DeletionMark1763800000301,
    ImageOperations1763800000302,
    ExpiryReminders1763800000303,
    AssetBackgroundKept1763800000304,
    AssetBrief1763800000305,
    ListingKitJobs1763800000306,
    QualityVerdicts1763800000307,
    LibrarySearchPerUser1763800000308,
    DesignJobs1763800000309,
    accountPurgesMigration('assets', 1763800000315),
    DesignJobTurns1763800000316,
    CollectionMembership1763800000330,
  ],
};
