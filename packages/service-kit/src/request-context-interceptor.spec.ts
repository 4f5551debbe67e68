import { describe, expect, it } from '@jest/globals';
import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { lastValueFrom, throwError, of } from 'rxjs';
import { AppError } from '@printloom/contracts';
import { createLogger } from './logger.js';
import type { ServiceMetrics } from './metrics.js';
import { RequestContextInterceptor } from './rpc-handling.js';

const logger = createLogger('test', 'silent');
const metrics = { handlerDuration: { observe: () => undefined } } as unknown as ServiceMetrics;

/** An RPC call's context as Nest hands it to an interceptor. */
function rpcCall(): ExecutionContext {
  const natsContext = { getSubject: () => 'billing.balance.get', getHeaders: () => undefined };
  return { switchToRpc: () => ({ getContext: () => natsContext, getData: () => ({ userId: 'u' }) }) } as unknown as ExecutionContext;
}

describe('RequestContextInterceptor', () => {
  // A handler that ends while the service shuts down: Nest's server answers "Not initialized" when asked
  // for its connection; that was an uncaught error that failed whole test files at their close.
  const closedServer = () => {
    throw new Error('Not initialized. Please call the "listen"/"startAllMicroservices" method before accessing the server.');
  };

  it('passes a failure on when the server has closed, instead of throwing', async () => {
    const interceptor = new RequestContextInterceptor(logger, metrics, closedServer);
    const failing: CallHandler = { handle: () => throwError(() => new AppError('NOT_FOUND', 'Image not found')) };
    await expect(lastValueFrom(interceptor.intercept(rpcCall(), failing))).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('passes an answer on when the server has closed, instead of throwing', async () => {
    const interceptor = new RequestContextInterceptor(logger, metrics, closedServer);
    const answering: CallHandler = { handle: () => of({ balance: 3 }) };
    await expect(lastValueFrom(interceptor.intercept(rpcCall(), answering))).resolves.toEqual({ balance: 3 });
  });
});
