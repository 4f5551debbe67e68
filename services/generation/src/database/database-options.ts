import { accountPurgesMigration, type DatabaseOptions } from '@printloom/service-kit';
import { Jobs1763800000400 } from './migrations/1763800000400-jobs.js';
import { JobImagesHeartbeatSpend1763800000401 } from './migrations/1763800000401-job-images-heartbeat-spend.js';
import { Batches1763800000430 } from './migrations/1763800000430-batches.js';
import { BatchStopReasons1763800000440 } from './migrations/1763800000440-batch-stop-reasons.js';
import { BatchNames1763800000450 } from './migrations/1763800000450-batch-names.js';

export const generationDatabase: Omit<DatabaseOptions, 'url'> = {
  schema: 'generation',
  migrations: [
    Jobs1763800000400,
    JobImagesHeartbeatSpend1763800000401,
    accountPurgesMigration('generation', 1763800000415),
    Batches1763800000430,
    BatchStopReasons1763800000440,
    BatchNames1763800000450,
  ],
};
