import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import type { TestDatabase } from '@printloom/service-kit/testing';
import { TrademarkIndexRepository } from '../src/repositories/trademark-index.repository.js';
import { parseDenylistCommand } from '../src/trademarks/denylist-command.js';
import { TrademarkRiskAssessor } from '../src/trademarks/trademark-risk-assessor.js';
import { openTrademarkDatabase } from './trademarks-support.js';

const run = promisify(execFile);
const CLI = new URL('../dist/trademarks/denylist-cli.js', import.meta.url).pathname;

describe("an operator's denylist CLI (npm run denylist): rows every seller's risk check flags", () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let assessor: TrademarkRiskAssessor;
  const cli = (...args: string[]) =>
    run(process.execPath, [CLI, ...args], { env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'warn' } });

  beforeAll(async () => {
    ({ database, dataSource } = await openTrademarkDatabase());
    assessor = new TrademarkRiskAssessor(new TrademarkIndexRepository(dataSource));
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  it("adds a phrase that then flags any seller's text, lists it and removes it", async () => {
    await cli('add', 'Glitter Goblin Club', '--level', 'high', '--classes', '025,016');
    for (const seller of [randomUUID(), randomUUID()])
      expect(await assessor.assessRisks('a glitter goblin club tee', seller)).toEqual([
        {
          term: 'glitter goblin club',
          level: 'high',
          source: 'denylist',
          classes: ['016', '025'],
          productClasses: ['016', '025'],
          mark: 'Glitter Goblin Club',
        },
      ]);
    const { stdout } = await cli('list');
    expect(stdout).toMatch(/^Glitter Goblin Club\thigh\t016,025\t\d{4}-/);
    await cli('remove', 'glitter goblin CLUB!');
    expect(await assessor.assessRisks('a glitter goblin club tee', randomUUID())).toEqual([]);
    await expect(cli('remove', 'Glitter Goblin Club')).rejects.toMatchObject({ code: 1 });
  });

  it('refuses a bad command line with exit code 2 and changes nothing', async () => {
    await expect(cli('add', 'Moon Pies', '--level', 'severe')).rejects.toMatchObject({ code: 2 });
    expect((await cli('list')).stdout).toBe('');
    expect(parseDenylistCommand(['add', '???'])).toEqual({ error: expect.stringContaining('letter') });
    expect(parseDenylistCommand(['add', 'Moon Pies', '--classes', '025,099'])).toEqual({ error: expect.stringContaining('099') });
    expect(parseDenylistCommand(['add', 'Moon Pies'])).toEqual({ command: 'add', phrase: 'Moon Pies', level: 'medium', classes: [] });
    expect(parseDenylistCommand(['drop'])).toEqual({ error: expect.stringContaining('usage') });
  });
});
