import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type Logger } from 'pino';

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

/** JSON lines with the service name, and the request id / user / subject of the message in flight. */
export function createLogger(service: string, level = 'info'): Logger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: () => ({ ...currentRequestContext() }),
    formatters: { level: (label) => ({ level: label }) },
  });
}
