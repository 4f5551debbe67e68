import { Injectable } from '@nestjs/common';
import { GENERATION, type BatchQuality as BatchQualityCounts } from '@printloom/contracts';
import { RpcClient } from '@printloom/service-kit';
import { AssetRepository } from '../repositories/asset.repository.js';
import { inOrderOf } from '../design-jobs/design-selection.js';
import { countVerdicts } from './count-verdicts.js';

/** The quality verdicts of every design of a collection (asked of generation; another user's batch is a 404), counted. */
@Injectable()
export class BatchQuality {
  constructor(
    private readonly assets: AssetRepository,
    private readonly rpc: RpcClient,
  ) {}

  async of(userId: string, batchId: string): Promise<BatchQualityCounts> {
    const { assetIds } = await this.rpc.request(GENERATION.batchDesigns, { userId, batchId });
    const rows = assetIds.length > 0 ? inOrderOf(assetIds, await this.assets.findManyOwned(userId, assetIds)) : [];
    return countVerdicts(rows);
  }
}
