// `npm run trademarks:import -w services/listings -- FILE...`: streams USPTO trademark XML files (.xml or
// .zip, daily or annual) into listings.trademarks. Needs DATABASE_URL (listings' role) and the
// service's migrations run; safe to re-run on the same files.
import { existsSync } from 'node:fs';
import { z } from 'zod';
import { createLogger, env, openDatabase, parseConfig } from '@printloom/service-kit';
import { TrademarkIndexRepository } from '../repositories/trademark-index.repository.js';
import { readCaseFileSource } from './case-file-reader.js';
import { STATUS_CODE_SOURCE } from './live-status-codes.js';
import { TRADEMARK_DATABASE_SETTINGS, TRADEMARK_MIGRATIONS } from './trademark-migrations.js';
import { emptyReport, importCaseFiles } from './trademark-importer.js';

const config = parseConfig(z.object({ DATABASE_URL: env.databaseUrl, LOG_LEVEL: env.logLevel }));
const logger = createLogger('listings-trademarks-import', config.LOG_LEVEL);
const files = process.argv.slice(2);
const missing = files.filter((file) => !existsSync(file));
if (files.length === 0 || missing.length > 0) {
  logger.error({ missing }, files.length === 0 ? 'usage: trademarks:import -- FILE.xml|FILE.zip ...' : 'files not found');
  process.exit(2);
}

const dataSource = await openDatabase({
  url: config.DATABASE_URL,
  schema: 'listings',
  migrations: TRADEMARK_MIGRATIONS,
  settings: TRADEMARK_DATABASE_SETTINGS,
  migrate: false,
  poolSize: 2,
});
const index = new TrademarkIndexRepository(dataSource);
let failed = false;
try {
  for (const file of files) {
    const started = Date.now();
    const report = await importCaseFiles(readCaseFileSource(file), index, emptyReport());
    logger.info({ file, ...report, ms: Date.now() - started, liveStatuses: STATUS_CODE_SOURCE }, 'trademark file imported');
  }
  logger.info({ rows: await index.count() }, 'trademark index size');
} catch (error) {
  failed = true;
  logger.error({ err: error }, 'trademark import failed');
} finally {
  await dataSource.destroy();
}
process.exit(failed ? 1 : 0);
