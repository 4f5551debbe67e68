import { Injectable } from '@nestjs/common';
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

/** Garments: an exact match there is what gets listings removed. */
export const APPAREL_CLASS = '025';

const LEVEL_RANK: Record<RiskLevel, number> = { high: 3, medium: 2, low: 1 };
const EXACT_KINDS: ReadonlySet<MatchKind> = new Set(['exact', 'pseudo']);

/**
 * A USPTO match's level: an exact or pseudo-mark match of a mark in class 025 is high; a phonetic,
 * one-typo or trigram match of a class-025 mark is medium; any match of a mark only in 009/016/021
 * is low (a listing on a garment rarely collides with a mark for software, paper or mugs).
 */
export function usptoLevel(kind: MatchKind, classes: readonly string[]): RiskLevel {
  if (!classes.includes(APPAREL_CLASS)) return 'low';
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

/**
 * Trademark and policy risk flags for a text (a prompt, a title, tags): the denylist (seed, operator
 * and the seller's own entries) and the USPTO index, each mark or entry once at its highest level.
 * Flags are risks, never legal advice.
 */
@Injectable()
export class TrademarkRiskAssessor implements RiskAssessor {
  constructor(private readonly index: TrademarkIndexRepository) {}

  async assessRisks(text: string, userId: string): Promise<Risk[]> {
    const runs = runsOf(text);
    if (runs.length === 0) return [];
    const { matches, denylist: entries } = await this.index.findMatches(
      {
        exact: runs.map((run) => run.term),
        phonetic: phoneticRuns(runs),
        typo: typoCandidates(runs),
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
      const risk = this.denylistRisk(entry, runs);
      if (risk) keep(`denylist:${entry.norm}`, risk);
    }
    for (const match of matches) {
      if (match.kind === 'phonetic' && !spelledAlike(match.term, match.norm)) continue;
      const kind: MatchKind = match.norm === match.term ? 'exact' : match.kind;
      keep(`uspto:${match.serial}`, {
        term: match.term,
        level: usptoLevel(kind, match.classes),
        source: 'uspto',
        classes: match.classes,
        serial: match.serial,
        mark: match.mark,
      });
    }
    return [...best.values()].sort((a, b) => LEVEL_RANK[b.level] - LEVEL_RANK[a.level] || a.mark.localeCompare(b.mark));
  }

  private denylistRisk(entry: DenylistEntry, runs: readonly TextRun[]): Risk | null {
    const base = { source: 'denylist' as const, classes: entry.classes, mark: entry.phrase };
    const exact = runs.find((run) => run.term === entry.norm);
    if (exact) return { ...base, term: exact.term, level: denylistLevel(true, entry.level) };
    const entryTokens = tokensOf(entry.norm);
    const near = runs.find((run) => nearMatch(entryTokens, entry.norm, run));
    return near ? { ...base, term: near.term, level: denylistLevel(false, entry.level) } : null;
  }
}
