import { TrademarkIndex1763800000500 } from '../database/migrations/1763800000500-trademark-index.js';
import { RiskDenylist1763800000501 } from '../database/migrations/1763800000501-risk-denylist.js';
import { TrademarkOneWordIndex1763800000502 } from '../database/migrations/1763800000502-trademark-one-word-index.js';

/** The trademark index's and denylist's migrations, in order (listings' database-options.ts lists them too). */
export const TRADEMARK_MIGRATIONS = [TrademarkIndex1763800000500, RiskDenylist1763800000501, TrademarkOneWordIndex1763800000502];

/** Trigram similarity a phrase needs against a mark of as many words ("just do it" ~ "just did it" is 0.64). */
export const PHRASE_SIMILARITY = 0.6;

/**
 * Settings the trademark CLIs' direct connections start with (the app's go through PgBouncer, which
 * passes none: its risk check sets the same per transaction): the `%` operator's threshold (the GIN
 * trigram index answers only rows at or above it); and no JIT: the risk check's estimated cost at a million marks passes `jit_above_cost`, and compiling
 * its expressions costs more (10–20 ms) than running them.
 */
export const TRADEMARK_DATABASE_SETTINGS: Readonly<Record<string, string>> = {
  'pg_trgm.similarity_threshold': String(PHRASE_SIMILARITY),
  jit: 'off',
};
