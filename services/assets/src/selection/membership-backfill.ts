import { Inject, Injectable } from '@nestjs/common';
import { GENERATION } from '@printloom/contracts';
import { LOGGER, RpcClient, type Logger } from '@printloom/service-kit';
import { CollectionRepository } from '../repositories/collection.repository.js';

/** Designs stamped per statement: a backfill cut short keeps what it did, and the next one skips it. */
const STAMP_CHUNK = 500;

/**
 * Designs ingested before they carried their collection get it once, from generation (assets' database
 * role cannot read generation's schema, so no migration could). Idempotent and resumable: only designs
 * without a collection are stamped, in chunks, and the collection is marked done last; a backfill cut
 * short (a crash, generation away) is simply run again by the next selection of that collection.
 * Generation answers 404 for another seller's collection: that error is the caller's answer.
 */
@Injectable()
export class MembershipBackfill {
  constructor(
    private readonly collections: CollectionRepository,
    private readonly rpc: RpcClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async run(userId: string, batchId: string): Promise<void> {
    const started = performance.now();
    const { designs } = await this.rpc.request(GENERATION.batchMembership, { userId, batchId });
    let stamped = 0;
    for (let start = 0; start < designs.length; start += STAMP_CHUNK)
      stamped += await this.collections.stamp(userId, batchId, designs.slice(start, start + STAMP_CHUNK));
    await this.collections.markBackfilled(batchId, userId);
    this.logger.info(
      { batchId, userId, designs: designs.length, stamped, ms: Math.round(performance.now() - started) },
      "A collection's older designs were given their batch",
    );
  }
}
