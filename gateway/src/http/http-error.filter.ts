import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { AppError, errorCodeOfStatus, httpErrorBody, httpStatusOf, type HttpErrorBody } from '@printloom/contracts';
import type { Logger } from '@printloom/service-kit';
import { requestIdOf } from './request.js';

/**
 * One error shape for every route: `{ error: message, code, ...details }`; unknown errors never leak a
 * stack. Every 429 or 503 whose service said how long to wait (`retryAfterSeconds`: a rate window, an open
 * circuit) also carries `Retry-After`.
 */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const res = http.getResponse<Response>();
    const requestId = requestIdOf(http.getRequest());
    const { status, body } = this.describe(exception, requestId);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    // A refusal that says how long to wait says it the HTTP way too, whichever route it came from.
    const retryAfter = body.retryAfterSeconds;
    if ((status === 429 || status === 503) && typeof retryAfter === 'number' && Number.isFinite(retryAfter))
      res.setHeader('retry-after', String(Math.max(1, Math.ceil(retryAfter))));
    res.status(status).json(body);
  }

  private describe(exception: unknown, requestId: string): { status: number; body: HttpErrorBody } {
    if (exception instanceof AppError) {
      if (exception.code === 'INTERNAL') this.logger.error({ requestId, err: exception }, exception.message);
      const status = httpStatusOf(exception.code);
      const message = status >= 500 && exception.code === 'INTERNAL' ? 'Internal error' : exception.message;
      return { status, body: httpErrorBody(exception.code, message, { ...exception.details, ...(status >= 500 ? { requestId } : {}) }) };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      return { status, body: httpErrorBody(errorCodeOfStatus(status), httpExceptionMessage(exception)) };
    }
    this.logger.error({ requestId, err: exception }, 'Unhandled error');
    return { status: 500, body: httpErrorBody('INTERNAL', 'Internal error', { requestId }) };
  }
}

function httpExceptionMessage(exception: HttpException): string {
  if (exception.getStatus() === 404) return 'Not found';
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  return Array.isArray(message) ? String(message[0]) : typeof message === 'string' ? message : exception.message;
}
