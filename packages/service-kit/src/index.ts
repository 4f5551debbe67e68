// Everything a service needs, in one import. A module that needs only its configuration, the container's
// resources or NATS failover errors imports its subpath instead (@printloom/service-kit/config, /public-url,
// /container-resources, /nats-failover): this index loads Nest, TypeORM, NATS and OpenTelemetry, about
// 1.1 s of CPU in every Jest file that reaches it (measured), which a unit test of a config parser does
// not need.
export * from './config.js';
export * from './public-url.js';
export * from './logger.js';
export * from './nats-connection.js';
export * from './nats-failover.js';
export * from './rpc-client.js';
export * from './circuit-breaker.js';
export * from './credit-reservation.js';
export * from './rpc-handling.js';
export * from './database.js';
export * from './database-roles.js';
export * from './metrics.js';
export * from './health-server.js';
export * from './events.js';
export * from './work-queue.js';
export * from './nats-streams.js';
export * from './bootstrap.js';
export * from './crash-policy.js';
export * from './nest-logger.js';
export * from './tracing.js';
export * from './periodic-sweeper.js';
export * from './background-worker.js';
export * from './jetstream-work-source.js';
export * from './leased-rows.js';
export * from './work-in-turns.js';
export * from './account-purges.js';
export * from './user-changes.js';
export * from './client-address.js';
export * from './container-resources.js';
export * from './process-priority.js';
export * from './rate-windows.js';
export * from './message-headers.js';
