// The one DataSource the TypeORM CLI loads (`npm run migration:run`); the app builds the same options.
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '@printloom/service-kit';
import { loadAuthConfig } from '../config.js';
import { authDatabase } from './database-options.js';

export default new DataSource(buildDataSourceOptions({ ...authDatabase, url: loadAuthConfig().DATABASE_URL }));
