import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { openDatabase } from '@printloom/service-kit';
import { freePort, waitFor, type TestDatabase } from '@printloom/service-kit/testing';
import { listingsDatabase } from '../src/database/database-options.js';
import { TrademarkIndexRepository } from '../src/repositories/trademark-index.repository.js';
import { readCaseFileSource } from '../src/trademarks/case-file-reader.js';
import { importCaseFiles } from '../src/trademarks/trademark-importer.js';
import { syntheticEntry } from '../src/trademarks/synthetic-marks.js';
import { TRADEMARK_DATABASE_SETTINGS } from '../src/trademarks/trademark-migrations.js';
import { TrademarkRiskAssessor } from '../src/trademarks/trademark-risk-assessor.js';
import { FIXTURE, openTrademarkDatabase } from './trademarks-support.js';

const PGBOUNCER = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer', '/usr/local/bin/pgbouncer'].find((file) => existsSync(file));
/** Marks and the texts that near-match them only through the trigram `%` (phrases of as many words). */
const PLANTED = [
  { serial: '99000001', mark: 'MOONLIT HARBOR SOCIETY', classes: ['025'] },
  { serial: '99000002', mark: 'VELVET THUNDER CLUB', classes: ['025'] },
];
const TEXTS = ['moonlit harbour society tee', 'velvet thunders club hoodie', 'a quiet walk by the sea', 'MOONLIT HARBOR SOCIETY'];

// Issue 41 item 5: production puts PgBouncer in transaction mode between the apps and PostgreSQL (a
// CloudNativePG Pooler). It refuses session settings sent as a startup parameter, and hands each
// transaction any server connection: listings' risk check must set its trigram threshold per
// transaction. Migrations connect directly (their advisory lock is a session's), then the app's
// DataSource goes through a real pgbouncer, and its risk check answers as a direct connection does.
(PGBOUNCER ? describe : describe.skip)('listings through a real PgBouncer in transaction mode', () => {
  let database: TestDatabase;
  let direct: DataSource;
  let pooled: DataSource;
  let bouncer: ChildProcess;
  let dir: string;
  let bouncerUrl: string;

  beforeAll(async () => {
    // As the migration Job: directly, with the migrations (and the CLIs' session settings).
    ({ database, dataSource: direct } = await openTrademarkDatabase());
    const index = new TrademarkIndexRepository(direct);
    await importCaseFiles(readCaseFileSource(FIXTURE), index);
    await index.upsertEntries(PLANTED.map(({ serial, mark, classes }) => syntheticEntry(serial, mark, classes)));

    dir = mkdtempSync(path.join(os.tmpdir(), 'pl-pgbouncer-'));
    const port = await freePort();
    const upstream = new URL(database.url);
    writeFileSync(path.join(dir, 'users.txt'), `"${upstream.username}" ""\n`);
    writeFileSync(
      path.join(dir, 'pgbouncer.ini'),
      [
        '[databases]',
        `* = host=${upstream.hostname} port=${upstream.port || 5432}`,
        '[pgbouncer]',
        'listen_addr = 127.0.0.1',
        `listen_port = ${port}`,
        'unix_socket_dir =',
        'auth_type = trust',
        `auth_file = ${path.join(dir, 'users.txt')}`,
        'pool_mode = transaction',
        'default_pool_size = 2',
        'max_client_conn = 50',
        `logfile = ${path.join(dir, 'pgbouncer.log')}`,
        `pidfile = ${path.join(dir, 'pgbouncer.pid')}`,
      ].join('\n'),
    );
    // PgBouncer will not run as root: there it drops to nobody, who must read and write its folder.
    const asRoot = process.getuid?.() === 0;
    if (asRoot) chmodSync(dir, 0o777);
    bouncer = spawn(PGBOUNCER!, [...(asRoot ? ['-u', 'nobody'] : []), path.join(dir, 'pgbouncer.ini')], { stdio: 'ignore' });
    await waitFor(
      () =>
        new Promise<boolean>((resolve) => {
          const socket = net.connect(port, '127.0.0.1', () => resolve(socket.end() && true));
          socket.on('error', () => resolve(false));
        }),
      { timeoutMs: 10_000, what: 'pgbouncer listening' },
    );
    const through = new URL(database.url);
    through.port = String(port);
    bouncerUrl = through.toString();
    // As the listings app opens it in production: no migrations, no session settings, a pool of 4.
    pooled = await openDatabase({ ...listingsDatabase, url: bouncerUrl, migrate: false, poolSize: 4 });
  }, 120_000);

  afterAll(async () => {
    await pooled?.destroy();
    await direct?.destroy();
    bouncer?.kill('SIGTERM');
    await database?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses the session settings listings used to send as a startup parameter', async () => {
    await expect(
      openDatabase({ ...listingsDatabase, url: bouncerUrl, migrate: false, poolSize: 1, settings: TRADEMARK_DATABASE_SETTINGS }),
    ).rejects.toThrow(/unsupported startup parameter/);
  });

  it('answers the risk check through the pooler as a direct connection does, the threshold set per transaction', async () => {
    const user = randomUUID();
    const throughPooler = new TrademarkRiskAssessor(new TrademarkIndexRepository(pooled));
    const directly = new TrademarkRiskAssessor(new TrademarkIndexRepository(direct));
    const marks = async (assessor: TrademarkRiskAssessor, text: string) =>
      (await assessor.assessRisks(text, user)).map((risk) => `${risk.mark}:${risk.level}`).sort();
    for (const text of TEXTS) expect(await marks(throughPooler, text)).toEqual(await marks(directly, text));
    expect(await marks(throughPooler, TEXTS[0])).toContain('MOONLIT HARBOR SOCIETY:medium');
    // Concurrent checks share two server connections: no check sees another's (or a stale) setting.
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => marks(throughPooler, TEXTS[i % TEXTS.length])));
    for (const [i, answer] of answers.entries()) expect(answer).toEqual(await marks(directly, TEXTS[i % TEXTS.length]));
    const [{ threshold }] = await pooled.query(`SELECT current_setting('pg_trgm.similarity_threshold', true) AS threshold`);
    expect(threshold).not.toBe('0.6'); // nothing leaks into the pooled server connection after a check
  });
});
