import { parseArgs } from 'node:util';
import { RISK_CLASSES } from '@printloom/contracts';
import type { RiskLevel } from '../repositories/risk-denylist.repository.js';
import { normaliseText } from './normalise.js';

export const USAGE = 'usage: denylist -- add "PHRASE" [--level high|medium|low] [--classes 025,016] | list | remove "PHRASE"';
const LEVELS: readonly RiskLevel[] = ['high', 'medium', 'low'];

/** What `npm run denylist` was asked (denylist-cli.ts), or why it cannot be done (nothing is changed then). */
export function parseDenylistCommand(
  argv: readonly string[],
):
  | { command: 'add'; phrase: string; level: RiskLevel; classes: string[] }
  | { command: 'list' }
  | { command: 'remove'; phrase: string }
  | { error: string } {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], allowPositionals: true, options: { level: { type: 'string' }, classes: { type: 'string' } } });
  } catch (error) {
    return { error: `${(error as Error).message}\n${USAGE}` };
  }
  const [command, phrase, ...rest] = parsed.positionals;
  if (command === 'list' && phrase === undefined) return { command };
  if ((command !== 'add' && command !== 'remove') || phrase === undefined || rest.length > 0) return { error: USAGE };
  if (normaliseText(phrase) === '') return { error: 'The phrase needs a letter from A to Z or a digit.' };
  if (command === 'remove') return { command, phrase: phrase.trim() };
  const level = (parsed.values.level ?? 'medium') as RiskLevel;
  if (!LEVELS.includes(level)) return { error: `--level must be one of ${LEVELS.join(', ')}` };
  const classes = [
    ...new Set(
      (parsed.values.classes ?? '')
        .split(',')
        .map((code) => code.trim())
        .filter(Boolean),
    ),
  ].sort();
  const unknown = classes.filter((code) => !(RISK_CLASSES as readonly string[]).includes(code));
  if (unknown.length > 0) return { error: `--classes takes ${RISK_CLASSES.join(', ')} (not ${unknown.join(', ')})` };
  return { command, phrase: phrase.trim(), level, classes };
}
