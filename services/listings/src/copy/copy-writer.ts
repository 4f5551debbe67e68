import type { ListingCopy, ListingTarget, SellerProfile } from '@printloom/contracts';

/** What copy is written from: the design's words and the seller's profile (absent: no names). */
export interface CopyRequest {
  target: ListingTarget;
  /** The prompt the design was made from (its slogan, subject, style and niche words). */
  prompt: string;
  profile: SellerProfile | null;
}

/** A source of listing copy, like generation's image providers: the offline local writer or a text model. */
export interface CopyWriter {
  /** Recorded with the listing: 'local' or 'openai:<model>'. */
  readonly name: string;
  /** Calls a paid API: counted against the operator's daily ceiling. */
  readonly billable: boolean;
  write(request: CopyRequest): Promise<ListingCopy>;
}
