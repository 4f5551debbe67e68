// `npm run denylist -w services/listings -- add|list|remove ...`: an operator's rows of the shared
// denylist, flagged in every seller's prompts and listings (next to the seed list the service syncs at
// start, and each seller's own rows). Needs DATABASE_URL (listings' role) and the service's migrations run.
//   add "PHRASE" [--level high|medium|low] [--classes 025,016]   (level medium unless said)
//   list
//   remove "PHRASE"
import { z } from 'zod';
import { createLogger, env, openDatabase, parseConfig } from '@printloom/service-kit';
import { RiskDenylistRepository } from '../repositories/risk-denylist.repository.js';
import { parseDenylistCommand } from './denylist-command.js';
import { TRADEMARK_DATABASE_SETTINGS, TRADEMARK_MIGRATIONS } from './trademark-migrations.js';

async function main(): Promise<number> {
  const request = parseDenylistCommand(process.argv.slice(2));
  const config = parseConfig(z.object({ DATABASE_URL: env.databaseUrl, LOG_LEVEL: env.logLevel }));
  const logger = createLogger('listings-denylist', config.LOG_LEVEL);
  if ('error' in request) {
    logger.error(request.error);
    return 2;
  }
  const dataSource = await openDatabase({
    url: config.DATABASE_URL,
    schema: 'listings',
    migrations: TRADEMARK_MIGRATIONS,
    settings: TRADEMARK_DATABASE_SETTINGS,
    migrate: false,
    poolSize: 1,
  });
  try {
    const denylist = new RiskDenylistRepository(dataSource);
    if (request.command === 'list') {
      for (const entry of await denylist.listOperatorEntries())
        process.stdout.write(`${entry.phrase}\t${entry.level}\t${entry.classes.join(',') || '-'}\t${entry.createdAt.toISOString()}\n`);
      return 0;
    }
    if (request.command === 'remove') {
      const removed = await denylist.deleteOperatorEntry(request.phrase);
      logger.info({ phrase: request.phrase, removed }, removed ? 'denylist phrase removed' : 'no operator row with that phrase');
      return removed ? 0 : 1;
    }
    const entry = await denylist.addOperatorEntry(request);
    logger.info(
      { phrase: request.phrase, level: request.level, classes: request.classes, added: entry !== null },
      entry ? 'denylist phrase added' : 'the shared denylist already has that phrase (seed or operator): unchanged',
    );
    return 0;
  } finally {
    await dataSource.destroy();
  }
}

process.exit(await main());
