import { holdsPhrase, withoutPhrase, type Risk } from '@printloom/contracts';

/** A phrase the risk check rated high or medium: the copy writers keep it out of titles and tags. */
export interface FlaggedPhrase {
  /** The words of the text that matched, normalised (the risk check's `term`). */
  term: string;
  level: 'high' | 'medium';
  /** The mark or denylist phrase it matched, named where the description quotes the design's own text. */
  mark: string;
  source: Risk['source'];
}

/** The risks a listing's title and tags must not hold: high and medium ones (low: a mark of another class). */
export function phrasesToAvoid(risks: readonly Risk[]): FlaggedPhrase[] {
  const out: FlaggedPhrase[] = [];
  for (const risk of risks)
    if ((risk.level === 'high' || risk.level === 'medium') && !out.some((known) => known.term === risk.term))
      out.push({ term: risk.term, level: risk.level, mark: risk.mark, source: risk.source });
  return out;
}

export const holdsAny = (text: string, phrases: readonly FlaggedPhrase[]) => phrases.some((phrase) => holdsPhrase(text, phrase.term));

export const withoutAny = (text: string, phrases: readonly FlaggedPhrase[]) =>
  phrases.reduce((kept, phrase) => withoutPhrase(kept, phrase.term), text);

export { holdsPhrase };
