import type { CreditHistoryEntry } from '@printloom/contracts/billing.schemas';

const SOURCES: Record<NonNullable<CreditHistoryEntry['source']>, string> = {
  trial: 'Trial credits',
  plan: 'Plan credits',
  rollover: 'Rollover credits',
  topup: 'Top-up credits',
};
// `batch`: a collection's credits, reserved up front; what its rows did not use comes back as a refund.
const REASONS: Record<string, string> = {
  generation: 'Generation',
  describe: 'Image description',
  upscale: 'Upscale',
  batch: 'Collection',
};

/** One line of the credit history in words: what was added, spent, refunded or expired. */
export function creditEntryLabel(entry: Pick<CreditHistoryEntry, 'kind' | 'source' | 'reason'>): string {
  const source = entry.source ? SOURCES[entry.source] : 'Credits';
  const reason = entry.reason ? (REASONS[entry.reason] ?? entry.reason) : 'Credits';
  switch (entry.kind) {
    case 'grant':
      return `${source} added`;
    case 'spend':
      return reason;
    case 'refund':
      return `Refund: ${reason.toLowerCase()}`;
    case 'expire':
      return `${source} expired`;
  }
}

/** '+150', '−1', '0': the sign always shown. */
export function creditDelta(delta: number): string {
  return delta > 0 ? `+${delta}` : delta < 0 ? `−${Math.abs(delta)}` : '0';
}
