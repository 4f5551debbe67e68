import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';

describe('each running service connects as its own PostgreSQL role (real PostgreSQL)', () => {
  let system: TestSystem;

  beforeAll(async () => {
    system = await startTestSystem({ services: ['auth', 'billing', 'assets'] });
  });
  afterAll(async () => system?.close());

  it("migrates as that role and the database refuses reads of another service's schema", async () => {
    await createSignedInUser(system, 'roles@example.com');
    const auth = system.services.auth!.infra.dataSource;
    const billing = system.services.billing!.infra.dataSource;
    const assets = system.services.assets!.infra.dataSource;
    expect(await auth.query('SELECT current_user AS role')).toEqual([{ role: 'printloom_auth' }]);
    expect(await billing.query('SELECT current_user AS role')).toEqual([{ role: 'printloom_billing' }]);
    expect(await auth.query(`SELECT tableowner FROM pg_tables WHERE schemaname = 'auth' AND tablename = 'users'`)).toEqual([
      { tableowner: 'printloom_auth' },
    ]);
    expect(await auth.query('SELECT count(*)::int AS n FROM auth.users')).toEqual([{ n: 1 }]);

    await expect(billing.query('SELECT email FROM auth.users')).rejects.toMatchObject({ driverError: { code: '42501' } });
    await expect(assets.query('SELECT * FROM billing.ledger_entries LIMIT 1')).rejects.toMatchObject({ driverError: { code: '42501' } });
    await expect(auth.query('SELECT * FROM assets.assets LIMIT 1')).rejects.toMatchObject({ driverError: { code: '42501' } });
  });
});
