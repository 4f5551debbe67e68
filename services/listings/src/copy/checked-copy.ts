import type { ListingCopy } from '@printloom/contracts';
import type { RiskAssessor } from '../trademarks/risk-assessor.js';
import type { CopyRequest, CopyWriter } from './copy-writer.js';
import { holdsPhrase, phrasesToAvoid, withoutAny, type FlaggedPhrase } from './flagged-phrases.js';

/** Writes before the copy is trimmed instead: the first with the prompt's flags, then each with what the copy itself raised. */
const ROUNDS = 3;

/** The flagged phrases the title or a tag holds (a term that only spans two fields is in neither). */
function inTitleOrTags(copy: ListingCopy, phrases: readonly FlaggedPhrase[]): FlaggedPhrase[] {
  return phrases.filter((phrase) => holdsPhrase(copy.title, phrase.term) || copy.tags.some((tag) => holdsPhrase(tag, phrase.term)));
}

/**
 * Copy whose title and tags hold no phrase the risk check rates high or medium: the writer is told the
 * prompt's flagged phrases, its copy is checked by the same matcher as every listing, and a phrase
 * found there is added and the copy written again. Should one survive the rounds (a model that will
 * not leave it out), the tags holding it are dropped and the title loses its words; a generated
 * listing then breaks its target's rules (too few tags), and the caller's validators decide.
 */
export async function writeCheckedCopy(
  writer: CopyWriter,
  request: CopyRequest,
  risks: RiskAssessor,
  userId: string,
  rounds = ROUNDS,
): Promise<ListingCopy> {
  let avoid = merge(request.avoid ?? [], phrasesToAvoid(await risks.assessRisks(request.prompt, userId)));
  let copy = await writer.write({ ...request, avoid });
  for (let round = 1; ; round += 1) {
    const found = inTitleOrTags(copy, phrasesToAvoid(await risks.assessRisks([copy.title, ...copy.tags].join('\n'), userId)));
    if (found.length === 0) return copy;
    avoid = merge(avoid, found);
    if (round >= rounds) break;
    copy = await writer.write({ ...request, avoid });
  }
  return {
    ...copy,
    title: withoutAny(copy.title, avoid),
    tags: copy.tags.filter((tag) => inTitleOrTags({ ...copy, title: '', tags: [tag] }, avoid).length === 0),
  };
}

function merge(known: readonly FlaggedPhrase[], more: readonly FlaggedPhrase[]): FlaggedPhrase[] {
  return [...known, ...more.filter((phrase) => !known.some((each) => each.term === phrase.term))];
}
