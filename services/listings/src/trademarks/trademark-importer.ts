import type { TrademarkIndexRepository } from '../repositories/trademark-index.repository.js';
import type { CaseFileRecord } from './case-file-reader.js';
import { indexDecision, type IndexDecision } from './index-entry.js';

export interface ImportReport {
  caseFiles: number;
  /** Live word marks in our classes (written or already identical). */
  kept: number;
  /** Rows actually inserted or changed. */
  written: number;
  /** Rows taken out of the index (dead, other classes, design-only now). */
  removed: number;
  skipped: Record<Exclude<IndexDecision, { keep: true }>['reason'], number>;
}

export function emptyReport(): ImportReport {
  return {
    caseFiles: 0,
    kept: 0,
    written: 0,
    removed: 0,
    skipped: { dead: 0, 'unknown-status': 0, 'other-classes': 0, 'design-only': 0, 'no-words': 0 },
  };
}

const BATCH = 1000;

/**
 * Applies a stream of case files to the index in batches: a kept mark is upserted by serial, any other
 * case file removes its serial (a mark that died or changed drops out). Within a batch the last case
 * file of a serial wins, as in the file's order; the same file twice changes nothing.
 */
export async function importCaseFiles(
  records: AsyncIterable<CaseFileRecord>,
  index: TrademarkIndexRepository,
  report = emptyReport(),
): Promise<ImportReport> {
  let batch = new Map<string, IndexDecision>();
  const flush = async () => {
    const decisions = [...batch];
    batch = new Map();
    report.written += await index.upsertEntries(decisions.flatMap(([, decision]) => (decision.keep ? [decision.entry] : [])));
    report.removed += await index.removeSerials(decisions.flatMap(([serial, decision]) => (decision.keep ? [] : [serial])));
  };
  for await (const record of records) {
    report.caseFiles += 1;
    const decision = indexDecision(record);
    if (decision.keep) report.kept += 1;
    else report.skipped[decision.reason] += 1;
    batch.delete(record.serial);
    batch.set(record.serial, decision);
    if (batch.size >= BATCH) await flush();
  }
  await flush();
  return report;
}
