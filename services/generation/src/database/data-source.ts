// The one DataSource the TypeORM CLI loads (`npm run migration:run`); the app builds the same options.
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '@printloom/service-kit';
import { loadGenerationConfig } from '../config.js';
import { generationDatabase } from './database-options.js';

export default new DataSource(buildDataSourceOptions({ ...generationDatabase, url: loadGenerationConfig().DATABASE_URL }));
