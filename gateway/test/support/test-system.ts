// The whole system in one test process: a real nats-server, a fresh PostgreSQL database, the named
// services (each through its own start function and config parser) and the gateway on a free port.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RunningService } from '@printloom/service-kit';
import {
  createTestDatabase,
  natsEnvOf,
  prepareTestStreams,
  provisionTestServiceRoles,
  startNatsServer,
  testServiceEnv,
  type TestDatabase,
  type TestNats,
} from '@printloom/service-kit/testing';
import { loadGatewayConfig } from '../../src/config.js';
import { startGateway, type RunningGateway } from '../../src/start.js';

export type ServiceName = 'auth' | 'billing' | 'generation' | 'assets' | 'notifications' | 'listings' | 'publishing';

export interface TestSystem {
  baseUrl: string;
  nats: TestNats;
  database: TestDatabase;
  services: Partial<Record<ServiceName, RunningService>>;
  gateway: RunningGateway;
  /** Starts one more instance of a service (to test queue groups and failover); `env` adds to its environment. */
  startInstance(name: ServiceName, env?: Record<string, string>): Promise<RunningService>;
  /** Starts one more gateway on the same environment (to test what every instance must see); closed with the system. */
  startGatewayInstance(): Promise<RunningGateway>;
  /** The environment every process of this system was started with. */
  env: Record<string, string>;
  /** What one service's process is started with: the shared environment, its own database role and NATS user. */
  serviceEnv(name: ServiceName): Record<string, string>;
  close(): Promise<void>;
}

const capitalised = (name: string) => name[0].toUpperCase() + name.slice(1);

async function loadServiceStarter(name: ServiceName) {
  const [startModule, configModule] = await Promise.all([
    import(`../../../services/${name}/src/start.ts`),
    import(`../../../services/${name}/src/config.ts`),
  ]);
  const start = startModule[`start${capitalised(name)}Service`] as (config: unknown) => Promise<RunningService>;
  const load = configModule[`load${capitalised(name)}Config`] as (env: Record<string, string>) => unknown;
  if (typeof start !== 'function' || typeof load !== 'function') {
    throw new Error(`services/${name} must export start${capitalised(name)}Service and load${capitalised(name)}Config`);
  }
  return (env: Record<string, string>) => start(load(env));
}

/**
 * `nats`: a NATS the test started itself (e.g. a 3-node cluster, or startAuthenticatedNatsServer: then
 * each process connects as its own user); the system stops it on close. Its streams are made first,
 * as the migration step makes them, with NATS_STREAM_REPLICAS of `env` copies.
 */
export async function startTestSystem(options: {
  services: ServiceName[];
  env?: Record<string, string>;
  nats?: TestNats;
  /** false: leave the streams to the test (to start a service before the migration step ran). */
  streams?: boolean;
}): Promise<TestSystem> {
  const [nats, database] = await Promise.all([options.nats ?? startNatsServer(), createTestDatabase()]);
  // Each service connects as its own role that owns only its schema, as in production.
  const serviceUrls = await provisionTestServiceRoles(database);
  const storageDir = mkdtempSync(path.join(os.tmpdir(), 'pl-test-storage-'));
  const env: Record<string, string> = {
    ...Object.fromEntries(Object.entries(testServiceEnv(nats, database)).map(([key, value]) => [key, String(value)])),
    STORAGE_DRIVER: 'fs',
    STORAGE_DIR: storageDir,
    // Quality verdicts change library pages in the background: on only where a test is about them.
    ASSET_QUALITY_VERDICTS: 'false',
    // A generation instance closed mid-job hands the job back after this (production: the image timeout + 10 s).
    JOB_STOP_GRACE_MS: '3000',
    // An idle generation loop notices a dead worker's redelivered job this soon (production: 2 s).
    JOB_IDLE_RECHECK_MS: '250',
    // A publication step held by a dead worker, or one that threw, is tried again this soon (production: 5 s, 2 s × tries).
    PUBLISHING_HELD_RETRY_MS: '500',
    PUBLISHING_FAILURE_BACKOFF_MS: '300',
    // On a loaded test machine billing can take over a second: /me answers stale credits after 1 s only
    // where a test is about it (me-stalled-billing.int-spec.ts; production: 1 s).
    ME_CREDITS_TIMEOUT_MS: '5000',
    ...options.env,
  };
  // A worker still finishing a job may write into it while it is removed: retried until it is empty.
  const removeStorage = () => rmSync(storageDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  const started: RunningService[] = [];
  const serviceEnv = (name: ServiceName) => ({ ...env, DATABASE_URL: serviceUrls[name], ...natsEnvOf(nats, name) });
  const startInstance = async (name: ServiceName, extra: Record<string, string> = {}) => {
    const instance = await (await loadServiceStarter(name))({ ...serviceEnv(name), ...extra });
    started.push(instance);
    return instance;
  };
  const gateways: RunningGateway[] = [];
  const startGatewayInstance = async () => {
    const instance = await startGateway(
      loadGatewayConfig({
        ...env,
        PORT: '0',
        HOST: '127.0.0.1',
        PUBLIC_URL: env.PUBLIC_URL ?? 'http://localhost:8080',
        ...natsEnvOf(nats, 'gateway'),
      }),
    );
    gateways.push(instance);
    return instance;
  };
  const services: TestSystem['services'] = {};
  let gateway: RunningGateway | undefined;
  try {
    // The migration step's NATS part, before the apps start (NATS_STREAM_REPLICAS: its copies on a cluster).
    if (options.streams !== false) await prepareTestStreams(nats, Number(env.NATS_STREAM_REPLICAS ?? 1));
    for (const name of options.services) services[name] = await startInstance(name);
    gateway = await startGatewayInstance();
  } catch (error) {
    await Promise.allSettled(started.map((service) => service.close()));
    await nats.stop();
    await database.drop();
    removeStorage();
    throw error;
  }
  return {
    baseUrl: gateway.url,
    nats,
    database,
    services,
    gateway,
    startInstance,
    startGatewayInstance,
    close: async () => {
      await Promise.allSettled(gateways.map((instance) => instance.close()));
      await Promise.allSettled(started.map((service) => service.close()));
      await nats.stop();
      await database.drop();
      removeStorage();
    },
    env,
    serviceEnv,
  };
}
