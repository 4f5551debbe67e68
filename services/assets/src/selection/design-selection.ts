import { Injectable } from '@nestjs/common';
import { AppError, BULK_JOB, BULK_JOB_MESSAGES } from '@printloom/contracts';
import type { StoredAsset } from '../domain/stored-asset.js';
import { CollectionSelection } from './collection-selection.service.js';

/** Which designs a job acts on: ids the user picked, or every design of one of their collections. */
export type DesignSelectionInput = { ids?: string[]; batchId?: string };

/** `rows` in the order of `ids` (the database answers in its own). */
export function inOrderOf(ids: string[], rows: StoredAsset[]): StoredAsset[] {
  const position = new Map(ids.map((id, index) => [id, index]));
  return [...rows].sort((a, b) => position.get(a.id)! - position.get(b.id)!);
}

/**
 * A job's designs, checked when it is created: picked ids must all be the user's live designs (one
 * that is not fails the whole request, like a direct download); a collection's designs are those still
 * in the library (another user's collection is a 404).
 */
@Injectable()
export class DesignSelection {
  constructor(private readonly selection: CollectionSelection) {}

  async resolve(userId: string, selection: DesignSelectionInput, notFound: string): Promise<StoredAsset[]> {
    if (selection.batchId) return this.ofBatch(userId, selection.batchId);
    const ids = [...new Set(selection.ids ?? [])];
    const rows = await this.selection.byIds(userId, ids);
    if (rows.length !== ids.length) throw new AppError('NOT_FOUND', notFound);
    return rows;
  }

  /** Every design of the user's batch still in the library, in row order (404 when the batch is not theirs). */
  async ofBatch(userId: string, batchId: string): Promise<StoredAsset[]> {
    const rows = await this.selection.ofCollection(userId, batchId, BULK_JOB.maxDesigns + 1);
    if (rows.length === 0) throw new AppError('CONFLICT', BULK_JOB_MESSAGES.batchEmpty);
    if (rows.length > BULK_JOB.maxDesigns) throw new AppError('UNPROCESSABLE', BULK_JOB_MESSAGES.tooManyDesigns);
    return rows;
  }
}
