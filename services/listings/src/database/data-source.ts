// The one DataSource the TypeORM CLI loads (`npm run migration:run`); the app builds the same options.
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '@printloom/service-kit';
import { loadListingsConfig } from '../config.js';
import { listingsDatabase } from './database-options.js';

export default new DataSource(buildDataSourceOptions({ ...listingsDatabase, url: loadListingsConfig().DATABASE_URL }));
