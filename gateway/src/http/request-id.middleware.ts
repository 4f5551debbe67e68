import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { REQUEST_ID_HEADER } from '@printloom/contracts';
import { runWithRequestContext } from '@printloom/service-kit';
import type { GatewayRequest } from './request.js';

const WELL_FORMED = /^[\w-]{8,64}$/;

/** A well-formed id from a proxy, or a new one. */
export function requestIdFor(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && WELL_FORMED.test(incoming) ? incoming : randomUUID();
}

/** Every request gets an id (or keeps a well-formed one from a proxy); it travels on to the services as a NATS header. */
export function requestIdMiddleware(req: Request, res: Response, next: NextFunction): void {
  const requestId = requestIdFor(req.header(REQUEST_ID_HEADER));
  (req as GatewayRequest).requestId = requestId;
  res.setHeader(REQUEST_ID_HEADER, requestId);
  // Logs (and the crash policy's last line) carry the request id from here on.
  runWithRequestContext({ requestId }, next);
}
