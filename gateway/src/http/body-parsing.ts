import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { httpErrorBody } from '@printloom/contracts';
import type { GatewayRequest } from './request.js';

/** Keeps the exact bytes: the Stripe webhook signature is computed over them. */
export function keepRawBody(req: IncomingMessage, _res: unknown, buffer: Buffer): void {
  (req as unknown as GatewayRequest).rawBody = buffer;
}

/** A body that is not valid JSON, or too large, is the client's error: a clear 4xx, never a 500. */
export function answerBodyParserErrors(error: { type?: string }, _req: Request, res: Response, next: NextFunction): void {
  if (error?.type === 'entity.parse.failed') {
    res.status(400).json(httpErrorBody('BAD_REQUEST', 'Malformed JSON body'));
    return;
  }
  if (error?.type === 'entity.too.large') {
    res.status(413).json(httpErrorBody('PAYLOAD_TOO_LARGE', 'Request body is too large'));
    return;
  }
  if (error?.type === 'encoding.unsupported' || error?.type === 'charset.unsupported') {
    res.status(415).json(httpErrorBody('UNSUPPORTED_MEDIA_TYPE', 'Unsupported body encoding'));
    return;
  }
  next(error);
}
