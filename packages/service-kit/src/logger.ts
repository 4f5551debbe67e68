import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type Logger } from 'pino';
import { currentTraceId } from './tracing.js';

export type { Logger };

export interface RequestContext {
  requestId?: string;
  userId?: string;
  subject?: string;
}

const requestContext = new AsyncLocalStorage<RequestContext>();

export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return requestContext.run(context, fn);
}

export function currentRequestContext(): RequestContext {
  return requestContext.getStore() ?? {};
}

/** JSON lines with the service name, and the request id / user / subject / trace id of the work in flight. */
export function createLogger(service: string, level = 'info'): Logger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: () => {
      const traceId = currentTraceId();
      return traceId ? { ...currentRequestContext(), traceId } : { ...currentRequestContext() };
    },
    formatters: { level: (label) => ({ level: label }) },
  });
}
