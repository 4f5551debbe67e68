import { Injectable } from '@nestjs/common';
import { AppError, BATCH_MESSAGES, type ASSETS, type RpcReply, type RpcRequest } from '@printloom/contracts';
import type { StoredAsset } from '../domain/stored-asset.js';
import { CollectionRepository } from '../repositories/collection.repository.js';
import { MembershipBackfill } from './membership-backfill.js';

/**
 * The one owner of "which designs": picked ids, or every design of a collection. Answers the seller's
 * designs still in the library in the order asked, in one query; a collection's older designs are
 * backfilled from generation once, before its first answer.
 */
@Injectable()
export class CollectionSelection {
  constructor(
    private readonly collections: CollectionRepository,
    private readonly backfill: MembershipBackfill,
  ) {}

  /** The user's live designs among `ids` (repeats once), in the order of `ids`: another user's or a missing id is left out. */
  byIds(userId: string, ids: string[], limit: number | null = null): Promise<StoredAsset[]> {
    return this.collections.designsByIds(userId, [...new Set(ids)], limit);
  }

  /** The user's live designs of their collection, in row order (404 when the collection is not theirs). */
  async ofCollection(userId: string, batchId: string, limit: number | null = null): Promise<StoredAsset[]> {
    const known = await this.collections.designsOf(userId, batchId, limit);
    if (known && known.ownerId !== userId) throw new AppError('NOT_FOUND', BATCH_MESSAGES.notFound);
    if (known?.backfilled) return known.designs;
    await this.backfill.run(userId, batchId);
    return (await this.collections.designsOf(userId, batchId, limit))?.designs ?? [];
  }

  async resolve(request: RpcRequest<typeof ASSETS.resolveSelection>): Promise<RpcReply<typeof ASSETS.resolveSelection>> {
    const designs = request.batchId
      ? await this.ofCollection(request.userId, request.batchId, request.limit)
      : await this.byIds(request.userId, request.ids ?? [], request.limit);
    return { designs: designs.map((design) => ({ assetId: design.id, prompt: design.prompt, variant: design.variant })) };
  }
}
