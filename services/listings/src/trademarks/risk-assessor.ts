import type { Risk } from '@printloom/contracts';

export type { Risk };

/**
 * Trademark and policy risk flags for a text (a listing's copy, a prompt). The matcher (USPTO index and
 * denylists, services/listings/src/trademarks) implements this; `userId` selects the seller's own denylist.
 */
export interface RiskAssessor {
  assessRisks(text: string, userId: string): Promise<Risk[]>;
}
