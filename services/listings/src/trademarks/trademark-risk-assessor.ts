import { Injectable } from '@nestjs/common';
import { READY_PRODUCT_CLASSES } from '@printloom/contracts';
import type { Risk, RiskAssessor } from './risk-assessor.js';
import type { DenylistEntry, RiskLevel } from '../repositories/risk-denylist.repository.js';
import type { MatchKind } from '../repositories/trademark-index.repository.js';
import { TrademarkIndexRepository } from '../repositories/trademark-index.repository.js';
import { PHRASE_SIMILARITY } from './trademark-migrations.js';
import { phoneticEligible, phoneticKeyOf, tokensOf } from './normalise.js';
import {
  isOneTypoOfShortWord,
  phoneticComparable,
  phoneticRuns,
  spelledAlike,
  phraseRuns,
  runsOf,
  trigramSimilarity,
  typoCandidates,
  type TextRun,
} from './text-terms.js';

const LEVEL_RANK: Record<RiskLevel, number> = { high: 3, medium: 2, low: 1 };
const EXACT_KINDS: ReadonlySet<MatchKind> = new Set(['exact', 'pseudo']);

/** The classes of the product(s) a mark shares: what a hit is rated by. */
export function sharedClasses(markClasses: readonly string[], productClasses: readonly string[]): string[] {
  return markClasses.filter((code) => productClasses.includes(code));
}

/**
 * A USPTO match's level, by the product the text goes on: an exact or pseudo-mark match of a mark in a
 * class of the product is high (a live mark for mugs on a mug is what gets listings removed); a
 * phonetic, one-typo or trigram match of one is medium; a match of a mark in none of the product's
 * classes is low (a poster rarely collides with a mark for shirts only).
 */
export function usptoLevel(kind: MatchKind, markClasses: readonly string[], productClasses: readonly string[]): RiskLevel {
  if (sharedClasses(markClasses, productClasses).length === 0) return 'low';
  return EXACT_KINDS.has(kind) ? 'high' : 'medium';
}

/** A denylist entry's level: its own on an exact match; at most medium on a near one. */
export function denylistLevel(exact: boolean, entryLevel: RiskLevel): RiskLevel {
  if (exact) return entryLevel;
  return LEVEL_RANK[entryLevel] >= LEVEL_RANK.medium ? 'medium' : entryLevel;
}

/** Whether a denylist entry is near a run of the text (phonetic, one typo, or trigram ≥ 0.6). */
function nearMatch(entryTokens: string[], entryNorm: string, run: TextRun): boolean {
  if (run.tokens.length !== entryTokens.length) return false;
  if (
    phoneticEligible(entryTokens) &&
    phoneticComparable(run.tokens) &&
    phoneticKeyOf(entryTokens) === phoneticKeyOf(run.tokens) &&
    spelledAlike(run.term, entryNorm)
  )
    return true;
  if (entryTokens.length === 1) return isOneTypoOfShortWord(run.term, entryNorm);
  return trigramSimilarity(entryNorm, run.term) >= PHRASE_SIMILARITY;
}

/** Each item once, by key (the first kept). */
function unique<T>(items: readonly T[], keyOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = keyOf(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Trademark and policy risk flags for texts (a prompt, a listing's fields): the denylist (seed, operator
 * and the seller's own entries) and the USPTO index, each mark or entry once at its highest level.
 * Flags are risks, never legal advice.
 */
@Injectable()
export class TrademarkRiskAssessor implements RiskAssessor {
  constructor(private readonly index: TrademarkIndexRepository) {}

  async assessRisks(
    texts: string | readonly string[],
    userId: string,
    productClasses: readonly string[] = READY_PRODUCT_CLASSES,
  ): Promise<Risk[]> {
    // Each text's runs and typo variants are capped on their own; the lookups of all go in one query.
    const perText = (typeof texts === 'string' ? [texts] : texts).map(runsOf);
    const runs = unique(perText.flat(), (run) => run.term);
    if (runs.length === 0) return [];
    const { matches, denylist: entries } = await this.index.findMatches(
      {
        exact: runs.map((run) => run.term),
        phonetic: phoneticRuns(runs),
        typo: unique(perText.flatMap(typoCandidates), (candidate) => `${candidate.variant} ${candidate.term}`),
        trigram: phraseRuns(runs),
        similarity: PHRASE_SIMILARITY,
      },
      userId,
    );
    const best = new Map<string, Risk>();
    const keep = (key: string, risk: Risk) => {
      const known = best.get(key);
      if (!known || LEVEL_RANK[risk.level] > LEVEL_RANK[known.level]) best.set(key, risk);
    };
    for (const entry of entries) {
      const risk = this.denylistRisk(entry, runs, productClasses);
      if (risk) keep(`denylist:${entry.norm}`, risk);
    }
    for (const match of matches) {
      if (match.kind === 'phonetic' && !spelledAlike(match.term, match.norm)) continue;
      const kind: MatchKind = match.norm === match.term ? 'exact' : match.kind;
      keep(`uspto:${match.serial}`, {
        term: match.term,
        level: usptoLevel(kind, match.classes, productClasses),
        source: 'uspto',
        classes: match.classes,
        productClasses: sharedClasses(match.classes, productClasses),
        serial: match.serial,
        mark: match.mark,
      });
    }
    return [...best.values()].sort((a, b) => LEVEL_RANK[b.level] - LEVEL_RANK[a.level] || a.mark.localeCompare(b.mark));
  }

  /**
   * A denylist entry keeps its own level whatever the product (famous marks are protected beyond their
   * classes); it names the product classes it applies to (all of them for an entry without classes).
   */
  private denylistRisk(entry: DenylistEntry, runs: readonly TextRun[], productClasses: readonly string[]): Risk | null {
    const applies = entry.classes.length === 0 ? [...productClasses] : sharedClasses(entry.classes, productClasses);
    const base = { source: 'denylist' as const, classes: entry.classes, productClasses: applies, mark: entry.phrase };
    const exact = runs.find((run) => run.term === entry.norm);
    if (exact) return { ...base, term: exact.term, level: denylistLevel(true, entry.level) };
    const entryTokens = tokensOf(entry.norm);
    const near = runs.find((run) => nearMatch(entryTokens, entry.norm, run));
    return near ? { ...base, term: near.term, level: denylistLevel(false, entry.level) } : null;
  }
}
