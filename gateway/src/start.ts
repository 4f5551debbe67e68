import 'reflect-metadata';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import express, { type NextFunction, type Request, type Response } from 'express';
import {
  connectNats,
  createLogger,
  createMetrics,
  initTracing,
  natsCredentialsOf,
  NestPinoLogger,
  RpcClient,
  startHealthServer,
} from '@printloom/service-kit';
import { createStorage } from '@printloom/storage';
import type { GatewayConfig } from './config.js';
import { AppModule } from './app.module.js';
import { HttpErrorFilter } from './http/http-error.filter.js';
import { answerBodyParserErrors, keepRawBody } from './http/body-parsing.js';
import { requestIdMiddleware } from './http/request-id.middleware.js';
import { httpDuration, httpTelemetryMiddleware } from './http/http-telemetry.middleware.js';
import { sameOriginMiddleware } from './http/same-origin.middleware.js';
import { precomputedSecurityHeaders, securityHeaderList } from './http/security-headers.js';
import { apiAnswerHeaders } from './http/api-answer-headers.js';
import { cachedViewFastPath } from './views/cached-view-fast-path.js';
import { SessionService } from './session/session.service.js';
import { MeViewService } from './views/me-view.service.js';
import { LibraryViewService } from './views/library-view.service.js';

export interface RunningGateway {
  app: NestExpressApplication;
  url: string;
  /** `/health/*` and `/metrics` (Prometheus). */
  healthPort: number;
  close(): Promise<void>;
}

export async function startGateway(config: GatewayConfig): Promise<RunningGateway> {
  await initTracing('gateway', config.OTEL_EXPORTER_OTLP_ENDPOINT);
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const metrics = createMetrics('gateway');
  const nc = await connectNats(config.NATS_URL, 'gateway', natsCredentialsOf(config));
  const rpc = new RpcClient(nc, config.RPC_TIMEOUT_MS, metrics, {
    circuitBreaker: { failureThreshold: config.RPC_BREAKER_FAILURES, cooldownMs: config.RPC_BREAKER_COOLDOWN_MS },
  });
  // Not checked here nor in readiness: an S3 outage costs the answers that need it, not the whole gateway.
  const storage = createStorage(config);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot({ config, nc, rpc, logger, storage }), {
    bodyParser: false,
    logger: new NestPinoLogger(logger),
    abortOnError: false,
  });
  app.set('trust proxy', config.TRUST_PROXY);
  app.disable('x-powered-by');
  const securityHeaders = securityHeaderList(config.PUBLIC_URL);
  app.use(precomputedSecurityHeaders(securityHeaders));
  app.use(apiAnswerHeaders);
  app.use(requestIdMiddleware);
  app.use(httpTelemetryMiddleware(metrics));
  app.use(express.json({ limit: '1mb', verify: keepRawBody }), answerBodyParserErrors);
  app.use(cookieParser());
  app.use(sameOriginMiddleware([config.PUBLIC_URL, ...config.ALLOWED_ORIGINS]));
  app.useGlobalFilters(new HttpErrorFilter(logger));
  if (config.STATIC_DIR) serveSpa(app, path.resolve(config.STATIC_DIR));

  await app.listen(config.PORT, config.HOST);
  const duration = httpDuration(metrics);
  answerFirst(
    app.getHttpServer() as Server,
    cachedViewFastPath({
      sessions: app.get(SessionService),
      meViews: app.get(MeViewService),
      libraryViews: app.get(LibraryViewService),
      securityHeaders,
      observe: (route, status, seconds) => duration.observe({ method: 'GET', route, status: String(status) }, seconds),
    }),
  );
  const health = await startHealthServer(
    'gateway',
    config.HEALTH_PORT,
    { ready: { nats: () => nc.flush() }, reported: { storage: () => storage.check() } },
    metrics.registry,
  );
  const port = (app.getHttpServer().address() as AddressInfo).port;
  logger.info({ port, healthPort: health.port }, 'gateway ready');
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    healthPort: health.port,
    close: async () => {
      // Two turns of the event loop first, so its poll phase reads what clients sent before the signal:
      // closing the server drops every connection with no request under way, and a request whose bytes
      // arrived while a busy loop had not read them yet would be reset instead of answered.
      for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
      await app.close();
      await health.close();
      await nc.drain().catch(() => undefined);
    },
  };
}

/** `handler` sees every request before Express; what it does not answer (false) goes on to Express. */
function answerFirst(server: Server, handler: (req: IncomingMessage, res: ServerResponse) => boolean) {
  const routed = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!handler(req, res)) for (const listener of routed) listener(req, res);
  });
}

/** Native mode: the built SPA and /api on one origin, with history fallback for client routes. */
function serveSpa(app: NestExpressApplication, dir: string) {
  const index = path.join(dir, 'index.html');
  if (!existsSync(index)) throw new Error(`STATIC_DIR: ${index} does not exist (build the frontend first)`);
  // redirect: false: a folder named like a client route (e.g. /examples) must not answer 301 to /examples/.
  // Never for /api: a file lookup (a thread-pool round trip) on every API request for nothing.
  const files = express.static(dir, { index: false, redirect: false, maxAge: '1h', setHeaders: immutableAssets });
  app.use((req: Request, res: Response, next: NextFunction) => (req.path.startsWith('/api/') ? next() : files(req, res, next)));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path.startsWith('/api')) return next();
    res.setHeader('cache-control', 'no-cache');
    res.sendFile(index);
  });
}

function immutableAssets(res: Response, filePath: string) {
  if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
}
