import type { ListingCopy, ListingTarget, SellerProfile, VariantLetter } from '@printloom/contracts';
import type { FlaggedPhrase } from './flagged-phrases.js';

/** What copy is written from: the design's words and the seller's profile (absent: no names). */
export interface CopyRequest {
  target: ListingTarget;
  /** The prompt the design was made from (its slogan, subject, style and niche words). */
  prompt: string;
  profile: SellerProfile | null;
  /** The design's art direction (its variant): leads the title, so the designs of one job read apart. */
  variant?: VariantLetter | null;
  /** Phrases the risk check rates high or medium: never in the title or the tags. */
  avoid?: readonly FlaggedPhrase[];
}

/** A source of listing copy, like generation's image providers: the offline local writer or a text model. */
export interface CopyWriter {
  /** Recorded with the listing: 'local' or 'openai:<model>'. */
  readonly name: string;
  /** Calls a paid API: counted against the operator's daily ceiling. */
  readonly billable: boolean;
  write(request: CopyRequest): Promise<ListingCopy>;
}
