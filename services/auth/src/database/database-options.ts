import type { DatabaseOptions } from '@printloom/service-kit';
import { User } from '../entities/user.entity.js';
import { Session } from '../entities/session.entity.js';
import { Initial1763800000000 } from './migrations/1763800000000-initial.js';

export const authDatabase: Omit<DatabaseOptions, 'url'> = {
  schema: 'auth',
  entities: [User, Session],
  migrations: [Initial1763800000000],
};
