import { TrademarkRiskAssessor } from '../../src/trademarks/trademark-risk-assessor.js';
import { DENYLIST_SEED } from '../../src/trademarks/denylist-seed.js';
import { normaliseText } from '../../src/trademarks/normalise.js';
import type { TrademarkIndexRepository } from '../../src/repositories/trademark-index.repository.js';

/**
 * The real matcher over the shipped seed denylist, with an empty USPTO index: denylist entries are
 * matched in memory (the repository only loads them), so this is the check a listing gets without a
 * USPTO import, with no database.
 */
export function seedRiskAssessor(): TrademarkRiskAssessor {
  const index = {
    findMatches: async () => ({
      matches: [],
      denylist: DENYLIST_SEED.map((entry, position) => ({
        id: String(position),
        origin: 'seed' as const,
        userId: null,
        phrase: entry.phrase,
        norm: normaliseText(entry.phrase),
        level: entry.level,
        classes: entry.classes,
        createdAt: new Date(0),
      })),
    }),
  } as unknown as TrademarkIndexRepository;
  return new TrademarkRiskAssessor(index);
}
