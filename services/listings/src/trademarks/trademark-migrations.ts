import { TrademarkIndex1763800000500 } from '../database/migrations/1763800000500-trademark-index.js';
import { RiskDenylist1763800000501 } from '../database/migrations/1763800000501-risk-denylist.js';

/** The trademark index's and denylist's migrations, in order (listings' database-options.ts lists them too). */
export const TRADEMARK_MIGRATIONS = [TrademarkIndex1763800000500, RiskDenylist1763800000501];
