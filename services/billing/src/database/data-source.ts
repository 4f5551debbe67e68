// The one DataSource the TypeORM CLI loads (`npm run migration:run`); the app builds the same options.
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '@printloom/service-kit';
import { loadBillingConfig } from '../config.js';
import { billingDatabase } from './database-options.js';

export default new DataSource(buildDataSourceOptions({ ...billingDatabase, url: loadBillingConfig().DATABASE_URL }));
