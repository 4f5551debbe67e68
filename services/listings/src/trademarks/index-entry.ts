import { RISK_CLASSES } from '@printloom/contracts';
import { isKnownStatus, isLiveStatus } from './live-status-codes.js';
import type { CaseFileRecord } from './case-file-reader.js';
import { isCommonWord } from './common-words.js';
import { letterCount, normaliseText, phoneticKey, tokensOf } from './normalise.js';

/** The Nice classes a print-on-demand listing can collide in: software/downloads, paper and prints, bags, mugs, clothing. */
export const INDEXED_CLASSES = RISK_CLASSES;

/** One row of the trademark index, as the importer writes it. */
export interface TrademarkIndexEntry {
  serial: string;
  mark: string;
  pseudoMark: string | null;
  norm: string;
  pseudoNorm: string | null;
  tokenCount: number;
  /** Has a word of 3+ letters outside the everyday list: only such marks get near (fuzzy) matches. */
  distinctive: boolean;
  classes: string[];
  statusCode: string;
  phoneticKeys: string[];
  filingDate: string | null;
  registrationDate: string | null;
}

export type IndexDecision =
  | { keep: true; entry: TrademarkIndexEntry }
  | { keep: false; reason: 'dead' | 'unknown-status' | 'other-classes' | 'design-only' | 'no-words' };

/**
 * Whether a mark has a word of its own (3+ letters, not an everyday word): "ZENTROVA", "KOFFEE KWEEN".
 * A mark made only of everyday words ("DOG MOMS") is flagged when used exactly, never for a near
 * variant: near variants of descriptive phrases are what every listing writes.
 */
export function isDistinctive(tokens: readonly string[]): boolean {
  return tokens.some((token) => letterCount(token) >= 3 && !isCommonWord(token));
}

/** USPTO dates are YYYYMMDD; anything else is left out rather than guessed. */
function isoDate(value: string | null): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(value ?? '');
  return match && match[1] !== '0000' ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

function classCode(code: string): string {
  return /^\d+$/.test(code) ? code.padStart(3, '0') : code;
}

/**
 * Whether a case file belongs in the index, and as what. Kept: a live header status (Status Codes
 * Table 1), at least one of classes 009/016/018/021/025, a drawing code that is not 2xxx (design only) and
 * some words to match. A case that fails any of these is removed from the index if it was there.
 */
export function indexDecision(record: CaseFileRecord): IndexDecision {
  if (!isKnownStatus(record.statusCode ?? undefined)) return { keep: false, reason: 'unknown-status' };
  if (!isLiveStatus(record.statusCode ?? undefined)) return { keep: false, reason: 'dead' };
  if (record.markDrawingCode?.startsWith('2')) return { keep: false, reason: 'design-only' };
  const classes = [...new Set(record.internationalCodes.map(classCode))]
    .filter((code) => (INDEXED_CLASSES as readonly string[]).includes(code))
    .sort();
  if (classes.length === 0) return { keep: false, reason: 'other-classes' };
  const norm = normaliseText(record.markIdentification ?? '');
  if (norm === '') return { keep: false, reason: 'no-words' };
  const pseudoNorm = record.pseudoMark ? normaliseText(record.pseudoMark) : '';
  const tokens = tokensOf(norm);
  return {
    keep: true,
    entry: {
      serial: record.serial,
      mark: record.markIdentification!.trim(),
      pseudoMark: record.pseudoMark?.trim() || null,
      norm,
      pseudoNorm: pseudoNorm !== '' && pseudoNorm !== norm ? pseudoNorm : null,
      tokenCount: tokens.length,
      distinctive: isDistinctive(tokens),
      classes,
      statusCode: record.statusCode!,
      phoneticKeys: tokens.map(phoneticKey),
      filingDate: isoDate(record.filingDate),
      registrationDate: isoDate(record.registrationDate),
    },
  };
}
