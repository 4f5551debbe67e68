import type { Risk } from '@printloom/contracts';

export type { Risk };

/**
 * Trademark and policy risk flags for texts (a prompt, a listing's fields). The matcher (USPTO index and
 * denylists, services/listings/src/trademarks) implements this; `userId` selects the seller's own denylist.
 * `texts`: one text, or several checked each on its own (a listing's title, tags, description, bullets
 * and brand), the caps of RISK_CHECK applying to each. `productClasses`: the Nice classes of the product
 * the text goes on, which a hit is rated by; without them, those of every ready template.
 */
export interface RiskAssessor {
  assessRisks(texts: string | readonly string[], userId: string, productClasses?: readonly string[]): Promise<Risk[]>;
}
