import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { provisionServiceRoles, serviceDatabaseUrl, serviceRole } from '../src/database-roles.js';
import { createTestDatabase, type TestDatabase } from '../src/testing.js';

describe('per-service PostgreSQL roles (real PostgreSQL)', () => {
  let database: TestDatabase;
  const clients: pg.Client[] = [];

  async function connectAs(schema: string) {
    const client = new pg.Client({ connectionString: serviceDatabaseUrl(database.url, schema) });
    await client.connect();
    clients.push(client);
    return client;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    await provisionServiceRoles(database.url, [{ schema: 'auth' }, { schema: 'billing' }]);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end()));
    await database.drop();
  });

  it('lets a service create and read tables in its own schema only', async () => {
    const auth = await connectAs('auth');
    expect((await auth.query('SELECT current_user AS role')).rows[0].role).toBe(serviceRole('auth'));
    await auth.query('CREATE TABLE auth.users (id int PRIMARY KEY, email text)');
    await auth.query(`INSERT INTO auth.users VALUES (1, 'seller@example.com')`);
    expect((await auth.query('SELECT count(*)::int AS n FROM auth.users')).rows[0].n).toBe(1);

    const billing = await connectAs('billing');
    await expect(billing.query('SELECT email FROM auth.users')).rejects.toMatchObject({
      code: '42501',
      message: expect.stringMatching(/permission denied for schema auth/),
    });
    await expect(billing.query('CREATE TABLE auth.stolen (id int)')).rejects.toMatchObject({ code: '42501' });
    await expect(billing.query('CREATE TABLE public.shared (id int)')).rejects.toMatchObject({ code: '42501' });
    await billing.query('CREATE TABLE billing.accounts (id int)');
  });

  it('is idempotent and hands over tables the admin created before the roles existed', async () => {
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    clients.push(admin);
    await admin.query(`CREATE SCHEMA notifications`);
    await admin.query(`CREATE TABLE notifications.outbox (id int)`);
    await admin.query(`CREATE TYPE notifications.state AS ENUM ('queued', 'sent')`);
    await provisionServiceRoles(database.url, [{ schema: 'auth' }, { schema: 'billing' }, { schema: 'notifications' }]);
    await provisionServiceRoles(database.url, [{ schema: 'notifications' }]);

    const notifications = await connectAs('notifications');
    await notifications.query(`ALTER TABLE notifications.outbox ADD COLUMN state notifications.state DEFAULT 'queued'`);
    await notifications.query('INSERT INTO notifications.outbox (id) VALUES (1)');
    expect((await notifications.query('SELECT state FROM notifications.outbox')).rows).toEqual([{ state: 'queued' }]);
    await expect(notifications.query('SELECT * FROM billing.accounts')).rejects.toMatchObject({ code: '42501' });
  });
});
