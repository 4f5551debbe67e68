// The one DataSource the TypeORM CLI loads (`npm run migration:run`); the app builds the same options.
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '@printloom/service-kit';
import { loadNotificationsConfig } from '../config.js';
import { notificationsDatabase } from './database-options.js';

export default new DataSource(buildDataSourceOptions({ ...notificationsDatabase, url: loadNotificationsConfig().DATABASE_URL }));
