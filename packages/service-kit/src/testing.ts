// Test helpers: a real nats-server (JetStream on) per test file and a fresh PostgreSQL database per
// test file, so parallel test files never see each other's messages or rows.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import pg from 'pg';
import {
  NATS_LOGINS,
  NATS_MIGRATE_USER,
  natsPasswordVariable,
  renderNatsAuthorization,
  type NatsLogin,
} from '@printloom/contracts/nats-access';
import { SESSION_COOKIE } from '@printloom/contracts/subjects';
import { DATABASE_SERVICES, provisionServiceRoles, serviceDatabaseUrl } from './database-roles.js';
import { connectNats, type NatsCredentials } from './nats-connection.js';
import { prepareNatsStreams } from './nats-streams.js';

export interface TestNats {
  url: string;
  /** Set when the server admits only the apps' own users (startAuthenticatedNatsServer): each app's (and `migrate`'s) NATS_USER/NATS_PASSWORD. */
  credentials?: Record<NatsLogin, NatsCredentials>;
  /** The server's log lines about refused publishes, subscriptions and logins so far. */
  violations?: () => string[];
  stop(): Promise<void>;
}

export function natsServerBinary(): string {
  const candidates = [process.env.NATS_SERVER_BIN, '/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'];
  const found = candidates.find((candidate) => candidate && existsSync(candidate));
  if (!found) throw new Error('nats-server not found: install Debian package nats-server or set NATS_SERVER_BIN');
  return found;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The migration step's NATS part on a test server (as the `migrate` user where the server asks for
 * users): every stream and durable consumer, as a deployment has them before its apps start.
 */
export async function prepareTestStreams(nats: TestNats, replicas = 1): Promise<void> {
  const nc = await connectNats(nats.url, 'migrate-test', nats.credentials?.[NATS_MIGRATE_USER]);
  try {
    await prepareNatsStreams(nc, { replicas });
  } finally {
    await nc.close();
  }
}

export interface StartNatsServerOptions {
  /** A configuration file's text (the command line still sets address, port and JetStream). */
  config?: string;
  /** The server's environment. */
  env?: Record<string, string>;
  /** false: leave the streams to the test (default: made at once, as the migration step does before the apps start). */
  streams?: boolean;
}

export async function startNatsServer(options: StartNatsServerOptions = {}): Promise<TestNats> {
  const nats = await startBareNatsServer(options);
  if (options.streams !== false)
    await prepareTestStreams(nats).catch(async (error: unknown) => {
      await nats.stop();
      throw error;
    });
  return nats;
}

async function startBareNatsServer(options: StartNatsServerOptions): Promise<TestNats> {
  const port = await freePort();
  const storeDir = mkdtempSync(path.join(os.tmpdir(), 'pl-nats-'));
  const args = ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir];
  if (options.config !== undefined) {
    writeFileSync(path.join(storeDir, 'nats.conf'), options.config);
    args.push('-c', path.join(storeDir, 'nats.conf'));
  }
  const child: ChildProcess = spawn(natsServerBinary(), args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ...options.env },
  });
  const violations: string[] = [];
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    violations.push(...chunk.split('\n').filter((line) => /Violation|authentication error/i.test(line)));
  });
  await waitForPort(port, 10_000);
  return {
    url: `nats://127.0.0.1:${port}`,
    violations: () => [...violations],
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(storeDir, { recursive: true, force: true });
    },
  };
}

/**
 * A nats-server with the generated authorization (packages/contracts/src/nats-access.ts): each app
 * its own user with a random password, allowed only its own subjects, as in containers; its streams
 * made by the `migrate` user unless `streams: false`.
 */
export async function startAuthenticatedNatsServer(
  options: Pick<StartNatsServerOptions, 'streams'> = {},
): Promise<TestNats & { credentials: Record<NatsLogin, NatsCredentials> }> {
  const credentials = Object.fromEntries(
    NATS_LOGINS.map((user) => [user, { user, password: randomBytes(24).toString('base64url') }]),
  ) as Record<NatsLogin, NatsCredentials>;
  // quoted, as compose and Kubernetes pass them, so that nats-server reads any value as a string
  const env = Object.fromEntries(NATS_LOGINS.map((user) => [natsPasswordVariable(user), JSON.stringify(credentials[user].password)]));
  const nats = { ...(await startBareNatsServer({ config: renderNatsAuthorization(), env })), credentials };
  if (options.streams !== false)
    await prepareTestStreams(nats).catch(async (error: unknown) => {
      await nats.stop();
      throw error;
    });
  return nats;
}

/** An app's NATS_USER/NATS_PASSWORD on a server that asks for them, nothing on an open one. */
export function natsEnvOf(nats: TestNats, user: NatsLogin): Record<string, string> {
  const credentials = nats.credentials?.[user];
  return credentials ? { NATS_USER: credentials.user, NATS_PASSWORD: credentials.password } : {};
}

export async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`port ${port} did not open within ${timeoutMs} ms`);
}

export interface WaitForOptions {
  /** How long to keep asking (default 20 s: generous for a loaded machine, still under Jest's 30 s). */
  timeoutMs?: number;
  /** Pause between two checks (default 50 ms). */
  intervalMs?: number;
  /** What is awaited, named in the timeout error ("trial credits"); a function is asked at the timeout (to show the state then). */
  what?: string | (() => string);
  /**
   * An error of the condition that means "not yet" (e.g. a NATS timeout on a busy machine) rather than
   * a failure; any other error fails the wait at once. Default: every error fails it.
   */
  retryOn?: (error: unknown) => boolean;
}

/**
 * The one polling helper of the tests: asks `condition` until it holds, and fails after the timeout
 * naming what it waited for, how many times it asked and the last "not yet" error. A number is the
 * timeout in milliseconds.
 */
export async function waitFor(condition: () => boolean | Promise<boolean>, options: number | WaitForOptions = {}): Promise<void> {
  const {
    timeoutMs = 20_000,
    intervalMs = 50,
    what = 'condition',
    retryOn,
  } = typeof options === 'number' ? { timeoutMs: options } : options;
  const deadline = Date.now() + timeoutMs;
  let checks = 0;
  let lastError: unknown;
  for (;;) {
    checks += 1;
    try {
      if (await condition()) return;
    } catch (error) {
      if (!retryOn?.(error)) throw error;
      lastError = error;
    }
    if (Date.now() > deadline) {
      const cause = lastError === undefined ? '' : ` (last error: ${lastError instanceof Error ? lastError.message : String(lastError)})`;
      throw new Error(`waitFor: ${typeof what === 'function' ? what() : what} not met within ${timeoutMs} ms (${checks} checks)${cause}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

export function adminDatabaseUrl(): string {
  return process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `pl_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminDatabaseUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminDatabaseUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminDatabaseUrl() });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Runs one SQL statement and answers its rows: a TypeORM DataSource's `query`, or pg's wrapped (`(sql, values) => client.query(sql, values).then((result) => result.rows)`). */
export type RowsQuery = (sql: string, values: unknown[]) => Promise<Array<Record<string, unknown>>>;

export interface StoredSession {
  userId: string;
  /** The session token, as the gateway's session cookie carries it. */
  token: string;
  /** A `cookie` request header that signs in as the user. */
  cookie: string;
}

/**
 * A verified user with a live session (one day), stored the way the auth service stores them (the
 * token's SHA-256, never the token), for tests and benches that need a signed-in seller without the
 * sign-up and its mail. `email` defaults to a fresh `bench-…@example.com`; no password unless a hash is given.
 */
export async function storeSignedInUser(
  query: RowsQuery,
  {
    email = `bench-${randomBytes(6).toString('hex')}@example.com`,
    passwordHash = null,
  }: { email?: string; passwordHash?: string | null } = {},
): Promise<StoredSession> {
  const [user] = await query(`INSERT INTO auth.users (email, password_hash, verified_at) VALUES ($1, $2, now()) RETURNING id`, [
    email,
    passwordHash,
  ]);
  const userId = String(user!.id);
  const token = randomBytes(32).toString('base64url');
  await query(`INSERT INTO auth.sessions (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [
    userId,
    createHash('sha256').update(token).digest('hex'),
  ]);
  return { userId, token, cookie: `${SESSION_COOKIE}=${token}` };
}

/** The shared service variables pointing at a test's own NATS and database. */
export function testServiceEnv(nats: TestNats, database: TestDatabase) {
  return {
    DATABASE_URL: database.url,
    NATS_URL: nats.url,
    HEALTH_PORT: 0,
    LOG_LEVEL: (process.env.TEST_LOG_LEVEL ?? 'silent') as 'silent',
  };
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A "pixel bomb": a PNG of a few hundred bytes whose header declares a huge greyscale canvas. Its data
 * holds only the first rows (a decoder that trusts the header still allocates the whole canvas).
 */
export function pixelBombPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, deflate, no filter method, no interlace
  const firstRows = deflateSync(Buffer.alloc((width + 1) * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', firstRows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Gives each service of a test database its own role owning its schema (as in production), and
 * returns the URL each service connects with.
 */
export async function provisionTestServiceRoles(database: TestDatabase): Promise<Record<(typeof DATABASE_SERVICES)[number], string>> {
  await provisionServiceRoles(
    database.url,
    DATABASE_SERVICES.map((schema) => ({ schema })),
  );
  return Object.fromEntries(DATABASE_SERVICES.map((schema) => [schema, serviceDatabaseUrl(database.url, schema)])) as Record<
    (typeof DATABASE_SERVICES)[number],
    string
  >;
}

export interface TestNatsNode {
  name: string;
  url: string;
  /** Stops the node abruptly (SIGKILL), as a crashed machine would. */
  kill(): Promise<void>;
}

export interface TestNatsCluster extends TestNats {
  nodes: TestNatsNode[];
}

/**
 * A real JetStream cluster on loopback: `size` nats-server processes routed to each other, each with
 * its own store. `url` lists every node, comma-separated, as NATS_URL accepts.
 */
export async function startNatsCluster(size = 3): Promise<TestNatsCluster> {
  const ports = await Promise.all(Array.from({ length: size * 2 }, () => freePort()));
  const clientPorts = ports.slice(0, size);
  const routePorts = ports.slice(size);
  const routes = routePorts.map((port) => `nats://127.0.0.1:${port}`).join(',');
  const clusterName = `pl-test-${randomBytes(3).toString('hex')}`;
  const stores: string[] = [];
  const children: ChildProcess[] = [];
  const nodes: TestNatsNode[] = clientPorts.map((port, index) => {
    const name = `${clusterName}-n${index}`;
    const storeDir = mkdtempSync(path.join(os.tmpdir(), 'pl-nats-cluster-'));
    stores.push(storeDir);
    const child = spawn(
      natsServerBinary(),
      [
        '-a',
        '127.0.0.1',
        '-p',
        String(port),
        '-n',
        name,
        '-js',
        '-sd',
        storeDir,
        '--cluster_name',
        clusterName,
        '--cluster',
        `nats://127.0.0.1:${routePorts[index]}`,
        '--routes',
        routes,
      ],
      { stdio: 'ignore' },
    );
    children.push(child);
    return {
      name,
      url: `nats://127.0.0.1:${port}`,
      kill: async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
      },
    };
  });
  await Promise.all(clientPorts.map((port) => waitForPort(port, 10_000)));
  await waitForJetStreamCluster(clientPorts[0], size);
  return {
    url: nodes.map((node) => node.url).join(','),
    nodes,
    stop: async () => {
      await Promise.all(
        children.map(async (child) => {
          if (child.exitCode !== null || child.signalCode !== null) return;
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGTERM');
          await exited;
        }),
      );
      for (const store of stores) rmSync(store, { recursive: true, force: true });
    },
  };
}

/** The cluster is usable once a stream with a copy on every node can be created (meta leader and all peers up). */
async function waitForJetStreamCluster(port: number, size: number): Promise<void> {
  const { connect } = await import('@nats-io/transport-node');
  const { jetstreamManager } = await import('@nats-io/jetstream');
  const nc = await connect({ servers: `nats://127.0.0.1:${port}` });
  const deadline = Date.now() + 30_000;
  try {
    for (;;) {
      try {
        const jsm = await jetstreamManager(nc, { timeout: 2000 });
        await jsm.streams.add({ name: 'CLUSTER_PROBE', subjects: ['cluster.probe'], num_replicas: size });
        await jsm.streams.delete('CLUSTER_PROBE');
        return;
      } catch (error) {
        if (Date.now() > deadline) throw new Error(`JetStream cluster did not form: ${(error as Error).message}`, { cause: error });
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await nc.close();
  }
}

/** The nice value of every thread of a process (Linux; `'self'`: this one). */
export function threadNices(pid: number | 'self'): number[] {
  return readdirSync(`/proc/${pid}/task`).map((task) =>
    Number(readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]),
  );
}
