// The one DataSource the TypeORM CLI loads (`npm run migration:run`); the app builds the same options.
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '@printloom/service-kit';
import { loadPublishingConfig } from '../config.js';
import { publishingDatabase } from './database-options.js';

export default new DataSource(buildDataSourceOptions({ ...publishingDatabase, url: loadPublishingConfig().DATABASE_URL }));
