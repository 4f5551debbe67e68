import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RpcClient, connectNats, type NatsConnection } from '@printloom/service-kit';
import { natsEnvOf } from '@printloom/service-kit/testing';
import { createStorage, storageEnvSchema, type ObjectStorage } from '@printloom/storage';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';
import { readStoredZip } from './support/zip.js';
import { ingestNoisyJob } from './support/noisy-designs.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A GET on a connection of its own (no keep-alive socket from before). `sent`: the request is written
 * on an open connection; `answer`: its status, or the error of the connection.
 */
function getOnNewConnection(url: string, cookie: string): { sent: Promise<void>; answer: Promise<{ status?: number; error?: string }> } {
  let sent!: () => void;
  const written = new Promise<void>((resolve) => (sent = resolve));
  const answer = new Promise<{ status?: number; error?: string }>((resolve) => {
    const request = http.get(url, { agent: false, headers: { cookie } }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode }));
    });
    request.on('finish', sent);
    request.on('error', (error: NodeJS.ErrnoException) => {
      sent();
      resolve({ error: error.code ?? error.message });
    });
  });
  return { sent: written, answer };
}

/** Reads a response slowly (a seller on a slow line): ~`totalMs` for the whole body. */
async function readSlowly(response: Response, onFirstBytes: () => void, bytesPerTick: number): Promise<Buffer> {
  const reader = response.body!.getReader();
  const chunks: Buffer[] = [];
  let received = 0;
  let nextPause = bytesPerTick;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    if (chunks.length === 0) onFirstBytes();
    chunks.push(Buffer.from(value));
    received += value.length;
    if (received >= nextPause) {
      nextPause += bytesPerTick;
      await sleep(100);
    }
  }
  return Buffer.concat(chunks);
}

// Issue 41 item 6: a deploy sends SIGTERM to a gateway while requests are in flight. Every one of them
// completes (a ZIP that takes ~5 s to stream among them), and a request arriving after SIGTERM is
// refused by the draining instance (its endpoint is gone by then: the pod's preStop delay).
// What it holds is the process's own drain, older than the manifests' preStop/grace (be57612, manifests
// only): runMain awaits close() before exiting (exit at once: the ZIP is cut, "other side closed"), and
// close() stops HTTP before it drains NATS (the other order: the plain requests in flight answer 503).
describe('a gateway stopped with SIGTERM drains (its own process, on real NATS, PostgreSQL, auth and assets)', () => {
  let system: TestSystem;
  let nc: NatsConnection;
  let rpc: RpcClient;
  let storage: ObjectStorage;

  beforeAll(async () => {
    system = await startTestSystem({ services: ['auth', 'billing', 'assets'] });
    nc = await connectNats(system.nats.url, 'test');
    rpc = new RpcClient(nc, 30_000);
    storage = createStorage(storageEnvSchema.parse(system.env));
  }, 60_000);

  afterAll(async () => {
    await nc?.drain();
    await system?.close();
  });

  it('finishes the requests in flight, a slow ZIP among them, refuses a new one, and exits 0', async () => {
    const { client, userId } = await createSignedInUser(system, 'drain@example.com');
    const { assetIds } = await ingestNoisyJob(rpc, storage, userId, "'Last Orders' pub sign");

    const child = spawn(process.execPath, [path.join(root, 'gateway', 'dist', 'main.js')], {
      env: {
        PATH: process.env.PATH ?? '',
        ...system.env,
        ...natsEnvOf(system.nats, 'gateway'),
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        HEALTH_PORT: '0',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    let output = '';
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the gateway did not start within 30 s:\n${output.slice(-2000)}`)), 30_000);
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const ready = output.split('\n').find((line) => line.includes('"gateway ready"'));
        if (ready) {
          clearTimeout(timer);
          resolve((JSON.parse(ready) as { port: number }).port);
        }
      });
    });
    const url = `http://127.0.0.1:${port}`;
    const cookie = client.cookieHeader;

    let firstBytes!: () => void;
    const zipStarted = new Promise<void>((resolve) => (firstBytes = resolve));
    const zipAskedAt = Date.now();
    const zip = fetch(`${url}/api/download/zip?ids=${assetIds.join(',')}`, { headers: { cookie } }).then(async (response) => ({
      status: response.status,
      body: await readSlowly(response, firstBytes, 256 * 1024),
    }));
    await zipStarted;
    // Plain requests in flight at the moment of SIGTERM.
    const plain = Array.from({ length: 6 }, (_, index) =>
      getOnNewConnection(`${url}${index % 2 ? '/api/auth/me' : '/api/assets'}`, cookie),
    );
    await Promise.all(plain.map((request) => request.sent));
    await sleep(50);
    child.kill('SIGTERM');
    await sleep(300);
    const late = await getOnNewConnection(`${url}/api/auth/me`, cookie).answer;

    const [zipped, answers, code] = await Promise.all([zip, Promise.all(plain.map((request) => request.answer)), exited]);
    const streamedMs = Date.now() - zipAskedAt;
    expect(answers).toEqual(Array.from({ length: 6 }, () => ({ status: 200 })));
    expect(zipped.status).toBe(200);
    expect([...readStoredZip(zipped.body).keys()]).toHaveLength(4);
    expect(late.error).toBe('ECONNREFUSED');
    expect(code).toBe(0);
    process.stdout.write(`[gateway-drain] the ZIP (${zipped.body.length} bytes) streamed for ${streamedMs} ms across the SIGTERM\n`);
  }, 120_000);
});
