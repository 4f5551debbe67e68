// The one DataSource the TypeORM CLI loads (`npm run migration:run`); the app builds the same options.
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '@printloom/service-kit';
import { loadAssetsConfig } from '../config.js';
import { assetsDatabase } from './database-options.js';

export default new DataSource(buildDataSourceOptions({ ...assetsDatabase, url: loadAssetsConfig().DATABASE_URL }));
