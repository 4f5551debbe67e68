import {
  Catch,
  type ArgumentsHost,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  type PipeTransform,
  type RpcExceptionFilter,
} from '@nestjs/common';
import { MessagePattern, Payload, type NatsContext } from '@nestjs/microservices';
import { Observable, throwError } from 'rxjs';
import { z } from 'zod';
import {
  AppError,
  REQUEST_ID_HEADER,
  RPC_CONTRACTS,
  type ErrorPayload,
  type RpcReply,
  type RpcRequest,
  type RpcSubject,
} from '@printloom/contracts';
import { runWithRequestContext, type Logger } from './logger.js';
import { untilConnected, type NatsConnection } from './nats-connection.js';
import { isNatsFailoverError } from './nats-failover.js';
import type { ServiceMetrics } from './metrics.js';
import { context as otelContext, trace, SpanStatusCode } from '@opentelemetry/api';
import { extractTraceContext, SpanKind, tracer } from './tracing.js';

/** What a handler of subject S may be: it takes the parsed request and answers the subject's reply. */
export type RpcHandlerMethod<S extends RpcSubject> = (request: RpcRequest<S>) => RpcReply<S> | Promise<RpcReply<S>>;

/**
 * The one form of a NATS request handler, every schema taken from the contracts' registry:
 *
 *     @RpcHandler(BILLING.reserve)
 *     reserve(request: RpcRequest<typeof BILLING.reserve>) { return this.credits.reserve(request); }
 *
 * It registers the subject as the method's message pattern and parses the payload with the subject's
 * request schema from RPC_CONTRACTS (a bad payload is the caller's BAD_REQUEST). The types hold the
 * method to the same entry: its parameter must accept `RpcRequest<S>` and it must answer `RpcReply<S>`
 * (or a promise of it), so a handler cannot drift from the registry. The reply is not parsed again
 * here: every caller's RpcClient already checks it against the same registry.
 */
export function RpcHandler<S extends RpcSubject>(subject: S) {
  // The registry lookup widens to the union of all request schemas; the entry for S is the one wanted.
  const schema = RPC_CONTRACTS[subject].request as unknown as z.ZodType<RpcRequest<S>>;
  const requestPipe: PipeTransform<unknown, RpcRequest<S>> = { transform: (value) => parsePayload(schema, value) };
  const pattern = MessagePattern(subject);
  const payload = Payload(requestPipe);
  return <M extends RpcHandlerMethod<S>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<M>): void => {
    pattern(target, key, descriptor);
    payload(target, key, 0);
  };
}

export function parsePayload<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new AppError('BAD_REQUEST', describeZodError(result.error));
}

export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const field = issue.path.join('.');
  // zod's own messages do not say which field; the contracts' custom messages do.
  const generic =
    /^(Invalid input|Invalid option|Too small|Too big|Unrecognized key|Invalid)/.test(issue.message) && issue.message !== 'Invalid id';
  return field && generic ? `${field}: ${issue.message}` : issue.message;
}

export const FAILOVER_MESSAGE = 'The service is briefly unavailable while messaging fails over. Please try again shortly.';

/** Turns whatever a handler throws into the `{ code, message }` payload that crosses NATS. */
@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown> {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, _host: ArgumentsHost): Observable<ErrorPayload> {
    if (exception instanceof AppError) {
      if (exception.code === 'INTERNAL') this.logger.error({ err: exception }, exception.message);
      return throwError(() => exception.toPayload());
    }
    if (isNatsFailoverError(exception)) {
      // NATS moving to another node or a stream electing a leader: the caller may try again in a moment
      // (UNAVAILABLE is transient to every caller), where INTERNAL would make it give up.
      this.logger.warn({ err: exception }, 'NATS failing over during the handler; answered UNAVAILABLE');
      return throwError(() => new AppError('UNAVAILABLE', FAILOVER_MESSAGE).toPayload());
    }
    this.logger.error({ err: exception }, 'Unhandled error in handler');
    return throwError(() => new AppError('INTERNAL', 'Internal error').toPayload());
  }
}

/** How long an answer waits for its connection to come back before it is sent anyway. */
const REPLY_RECONNECT_WAIT_MS = 10_000;

/**
 * Puts the request id from the NATS headers into the log context, and times every handler. With the
 * server's connection (`replyConnection`), an answer ready while that connection is down (its node
 * died) is held until the client is connected again: the client discards what it buffered while
 * disconnected at its next dial, and the caller would wait out its whole time-out for a lost answer.
 */
export class RequestContextInterceptor implements NestInterceptor {
  constructor(
    private readonly logger: Logger,
    private readonly metrics: ServiceMetrics,
    private readonly replyConnection?: () => NatsConnection,
  ) {}

  /** Runs `send` once the server's connection is up (in order: each waits for the same reconnect). */
  private whenConnected(send: () => void): void {
    if (!this.replyConnection) return send();
    let connection: NatsConnection;
    try {
      connection = this.replyConnection();
    } catch {
      // The server has closed (Nest's "Not initialized"): a handler that ends during the shutdown has no
      // connection to wait for, and throwing here would be an uncaught error in the closing process.
      return send();
    }
    void untilConnected(connection, REPLY_RECONNECT_WAIT_MS).then(send, send);
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const rpc = context.switchToRpc();
    const natsContext = rpc.getContext<NatsContext>();
    const subject = natsContext.getSubject();
    const requestId = natsContext.getHeaders()?.get(REQUEST_ID_HEADER) || undefined;
    const data = rpc.getData() as { userId?: unknown } | undefined;
    const userId = typeof data?.userId === 'string' ? data.userId : undefined;
    const started = process.hrtime.bigint();
    // The caller's trace continues here: its context travels in the NATS headers (traceparent).
    const parent = extractTraceContext(natsContext.getHeaders());
    const span = tracer().startSpan(
      `handle ${subject}`,
      { kind: SpanKind.SERVER, attributes: { 'messaging.system': 'nats', 'messaging.destination.name': subject } },
      parent,
    );
    return new Observable((subscriber) =>
      otelContext.with(trace.setSpan(parent, span), () =>
        runWithRequestContext({ requestId, userId, subject }, () => {
          const finish = (outcome: string) => {
            const seconds = Number(process.hrtime.bigint() - started) / 1e9;
            this.metrics.handlerDuration.observe({ subject, outcome }, seconds);
            this.logger.debug({ durationMs: Math.round(seconds * 1000), outcome }, 'handled');
            span.setAttribute('printloom.outcome', outcome);
            if (outcome !== 'ok') span.setStatus({ code: SpanStatusCode.ERROR, message: outcome });
            span.end();
          };
          return next.handle().subscribe({
            next: (value) => this.whenConnected(() => subscriber.next(value)),
            error: (error) => {
              finish(error instanceof AppError ? error.code : 'error');
              this.whenConnected(() => subscriber.error(error));
            },
            complete: () => {
              finish('ok');
              this.whenConnected(() => subscriber.complete());
            },
          });
        }),
      ),
    );
  }
}
