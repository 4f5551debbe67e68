import { Injectable } from '@nestjs/common';
import type { BatchQuality as BatchQualityCounts } from '@printloom/contracts';
import { CollectionSelection } from '../../selection/collection-selection.service.js';
import { countVerdicts } from './count-verdicts.js';

/** The quality verdicts of every design of a collection (another user's collection is a 404), counted. */
@Injectable()
export class BatchQuality {
  constructor(private readonly selection: CollectionSelection) {}

  async of(userId: string, batchId: string): Promise<BatchQualityCounts> {
    return countVerdicts(await this.selection.ofCollection(userId, batchId));
  }
}
