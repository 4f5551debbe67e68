import 'reflect-metadata';
import path from 'node:path';
import { Global, Module, type DynamicModule, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ServerNats, type MicroserviceOptions } from '@nestjs/microservices';
import type { DataSource } from 'typeorm';
import { QUEUE_GROUPS, type ServiceName } from '@printloom/contracts';
import { natsStreamsOf } from '@printloom/contracts/nats-access';
import { connectNats, natsAuthOptions, natsCredentialsOf, natsServers, type NatsConnection } from './nats-connection.js';
import { openDatabase, type DatabaseOptions } from './database.js';
import { createLogger, type Logger } from './logger.js';
import { createMetrics, type ServiceMetrics } from './metrics.js';
import { startHealthServer, type HealthCheck } from './health-server.js';
import { RpcClient } from './rpc-client.js';
import { RequestContextInterceptor, RpcErrorFilter } from './rpc-handling.js';
import { NestPinoLogger } from './nest-logger.js';
import { installCrashPolicy } from './crash-policy.js';
import { initTracing } from './tracing.js';
import type { ServiceEnv } from './config.js';
import { startPeriodicSweeper, type PeriodicSweeper, type PeriodicSweeperOptions } from './periodic-sweeper.js';
import { handleAccountDeletions, type AccountDeletionHandlers } from './account-purges.js';
import { waitForStreams } from './nats-streams.js';

export const NATS_CONNECTION = Symbol('NATS_CONNECTION');
export const LOGGER = Symbol('LOGGER');
export const SERVICE_METRICS = Symbol('SERVICE_METRICS');

/** What every service gets before Nest starts: injectable by the tokens above, DataSource and RpcClient. */
export interface ServiceInfra {
  name: ServiceName;
  logger: Logger;
  nc: NatsConnection;
  rpc: RpcClient;
  dataSource: DataSource;
  metrics: ServiceMetrics;
  /** A periodic sweeper that logs to this service's logger and counts in its metrics. */
  startSweeper(options: Omit<PeriodicSweeperOptions, 'logger' | 'registry'>): PeriodicSweeper;
  /**
   * This service's part in deleting an account (`handleAccountDeletions`): its schema's
   * `account_purges`, the durable `<name>-account-deletion` and ACCOUNT_PURGE_INTERVAL_MS.
   */
  handleAccountDeletions(handlers: AccountDeletionHandlers): Promise<() => Promise<void>>;
}

@Global()
@Module({})
class InfraModule {
  static forRoot(infra: ServiceInfra): DynamicModule {
    const providers = [
      { provide: NATS_CONNECTION, useValue: infra.nc },
      { provide: LOGGER, useValue: infra.logger },
      { provide: SERVICE_METRICS, useValue: infra.metrics },
      { provide: RpcClient, useValue: infra.rpc },
      { provide: 'DataSource', useValue: infra.dataSource },
      { provide: infra.dataSource.constructor, useValue: infra.dataSource },
    ];
    return { module: InfraModule, providers, exports: providers.map((provider) => provider.provide) };
  }
}

@Module({})
class ServiceRootModule {}

export interface StartServiceOptions {
  name: ServiceName;
  env: ServiceEnv;
  database: Omit<DatabaseOptions, 'url'>;
  /** The service's root module, built with the infrastructure (for config-dependent providers). */
  module: (infra: ServiceInfra) => DynamicModule;
  /** Dependencies readiness waits for, beside PostgreSQL and NATS (rarely any: see health-server.ts). */
  healthChecks?: Record<string, HealthCheck>;
  /** Dependencies some answers can do without (object storage): reported as metrics, never in readiness. */
  reportedDependencies?: Record<string, HealthCheck>;
  /** Runs after the service answers requests: background consumers, sweepers. Return a stopper. */
  afterStart?: (app: INestMicroservice, infra: ServiceInfra) => Promise<(() => Promise<void>) | void>;
}

export interface RunningService {
  app: INestMicroservice;
  infra: ServiceInfra;
  healthPort: number;
  close(): Promise<void>;
}

export async function startService(options: StartServiceOptions): Promise<RunningService> {
  const { name, env } = options;
  const natsCredentials = natsCredentialsOf(env);
  await initTracing(name, env.OTEL_EXPORTER_OTLP_ENDPOINT);
  const logger = createLogger(name, env.LOG_LEVEL);
  const metrics = createMetrics(name);
  const nc = await connectNats(env.NATS_URL, name, natsCredentials);
  const dataSource = await openDatabase({
    ...options.database,
    url: env.DATABASE_URL,
    poolSize: env.DATABASE_POOL_SIZE,
    migrate: env.MIGRATE_ON_START,
  });
  const infra: ServiceInfra = {
    name,
    logger,
    nc,
    rpc: new RpcClient(nc, undefined, metrics),
    dataSource,
    metrics,
    startSweeper: (sweeper) => startPeriodicSweeper({ ...sweeper, logger, registry: metrics.registry }),
    handleAccountDeletions: (handlers) =>
      handleAccountDeletions({
        ...handlers,
        schema: options.database.schema,
        durable: `${name}-account-deletion`,
        nc,
        dataSource,
        logger,
        registry: metrics.registry,
        intervalMs: env.ACCOUNT_PURGE_INTERVAL_MS,
      }),
  };

  const server = new ServerNats({
    servers: natsServers(env.NATS_URL),
    queue: QUEUE_GROUPS[name],
    name: `${name}-rpc`,
    ...natsAuthOptions(natsCredentials),
  });
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(
    { module: ServiceRootModule, imports: [InfraModule.forRoot(infra), options.module(infra)] },
    {
      strategy: server,
      logger: new NestPinoLogger(logger),
      abortOnError: false,
    },
  );
  app.useGlobalFilters(new RpcErrorFilter(logger));
  app.useGlobalInterceptors(new RequestContextInterceptor(logger, metrics, () => server.unwrap<NatsConnection>()));
  await app.listen();

  // The streams are the migration step's: until they exist the service answers requests but is not
  // ready, and its background work waits (it never creates a stream; its NATS user may not).
  const streams = natsStreamsOf(name);
  let starting: string | null = 'starting';
  const health = await startHealthServer(
    name,
    env.HEALTH_PORT,
    {
      ready: {
        postgres: async () => {
          await dataSource.query('SELECT 1');
        },
        nats: async () => {
          if (nc.isClosed()) throw new Error('connection closed');
          await nc.flush();
        },
        background: async () => {
          if (starting) throw new Error(starting);
        },
        ...options.healthChecks,
      },
      reported: options.reportedDependencies,
    },
    metrics.registry,
  );
  let stopBackground: (() => Promise<void>) | undefined;
  try {
    await waitForStreams(nc, streams, {
      logger,
      onWaiting: (missing) => {
        starting = missing.length > 0 ? `waiting for the streams ${missing.join(', ')} (the migration step creates them)` : 'starting';
      },
    });
    stopBackground = (await options.afterStart?.(app, infra)) ?? undefined;
    starting = null;
  } catch (error) {
    await health.close();
    throw error;
  }
  logger.info({ healthPort: health.port }, `${name} service ready`);

  let closed = false;
  return {
    app,
    infra,
    healthPort: health.port,
    // Each step runs even if an earlier one fails (e.g. a connection that is already gone).
    close: async () => {
      if (closed) return;
      closed = true;
      const steps = [
        async () => stopBackground?.(),
        () => app.close(),
        () => health.close(),
        () => (nc.isClosed() ? Promise.resolve() : nc.drain()),
        () => dataSource.destroy(),
      ];
      for (const step of steps) await step().catch((error: unknown) => logger.warn({ err: error }, 'Error while stopping'));
    },
  };
}

/** The app a main file belongs to (`services/auth/dist/main.js` → `auth`), for its crash log line. */
function appNameOf(mainFile = process.argv[1] ?? ''): string {
  const parts = path.resolve(mainFile).split(path.sep);
  const dist = parts.lastIndexOf('dist');
  return dist > 0 ? parts[dist - 1] : path.basename(mainFile, path.extname(mainFile)) || 'process';
}

/**
 * Standard main(): crash policy first, parse config, start, stop cleanly on SIGINT/SIGTERM, exit 1
 * with a message on failure.
 */
export async function runMain(start: () => Promise<{ close(): Promise<void> }>): Promise<void> {
  installCrashPolicy(createLogger(appNameOf()));
  try {
    const running = await start();
    const stop = async () => {
      await running.close();
      process.exit(0);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
}
