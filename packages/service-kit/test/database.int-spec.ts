import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { openDatabase } from '../src/database.js';
import { createTestDatabase, type TestDatabase } from '../src/testing.js';

class CreateWidgets1700000000000 implements MigrationInterface {
  name = 'CreateWidgets1700000000000';
  async up(queryRunner: QueryRunner) {
    await queryRunner.query('CREATE TABLE widgets.widgets (id int PRIMARY KEY)');
  }
  async down(queryRunner: QueryRunner) {
    await queryRunner.query('DROP TABLE widgets.widgets');
  }
}

describe('openDatabase and MIGRATE_ON_START (real PostgreSQL)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.drop());

  const options = () => ({ url: database.url, schema: 'widgets', migrations: [CreateWidgets1700000000000] });
  const tableExists = async (dataSource: Awaited<ReturnType<typeof openDatabase>>) =>
    (await dataSource.query(`SELECT to_regclass('widgets.widgets') IS NOT NULL AS present`))[0].present as boolean;

  it('leaves migrations to the migrate job when told not to migrate, and runs them once otherwise', async () => {
    const untouched = await openDatabase({ ...options(), migrate: false });
    expect(await tableExists(untouched)).toBe(false);
    await untouched.destroy();

    const [first, second] = await Promise.all([openDatabase(options()), openDatabase(options())]);
    expect(await tableExists(first)).toBe(true);
    expect(await first.query('SELECT count(*)::int AS n FROM widgets.migrations')).toEqual([{ n: 1 }]);
    await Promise.all([first.destroy(), second.destroy()]);
  });
});
