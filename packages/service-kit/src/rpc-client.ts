import { randomUUID } from 'node:crypto';
import { headers as natsHeaders, errors as natsErrors, type NatsConnection } from '@nats-io/transport-node';
import type { z } from 'zod';
import { AppError, REQUEST_ID_HEADER } from '@printloom/contracts';
import { currentRequestContext } from './logger.js';
import type { ServiceMetrics } from './metrics.js';
import { injectTraceHeaders, SpanKind, withSpan } from './tracing.js';

export interface RequestOptions {
  requestId?: string;
  timeoutMs?: number;
}

interface NestReplyPacket {
  id?: string;
  response?: unknown;
  err?: unknown;
  status?: string;
  isDisposed?: boolean;
}

const NO_HANDLER = 'There is no matching message handler';

/**
 * Request/reply over core NATS speaking the packet format of Nest's NATS transport, so callers get
 * exact semantics: no responders (service down) and time-outs are told apart from a service error,
 * and the request id travels as a NATS header.
 */
export class RpcClient {
  constructor(
    private readonly nc: NatsConnection,
    private readonly defaultTimeoutMs = 10_000,
    private readonly metrics?: Pick<ServiceMetrics, 'rpcDuration'>,
  ) {}

  async request<S extends z.ZodType>(subject: string, payload: unknown, replySchema: S, options: RequestOptions = {}): Promise<z.infer<S>> {
    const raw = await this.requestRaw(subject, payload, options);
    const parsed = replySchema.safeParse(raw);
    if (!parsed.success) {
      throw new AppError('INTERNAL', `Malformed reply on ${subject}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    }
    return parsed.data;
  }

  async requestRaw(subject: string, payload: unknown, options: RequestOptions = {}): Promise<unknown> {
    const started = process.hrtime.bigint();
    let outcome = 'ok';
    try {
      return await withSpan(`rpc ${subject}`, { kind: SpanKind.CLIENT, attributes: { 'messaging.system': 'nats', 'messaging.destination.name': subject } }, () =>
        this.send(subject, payload, options),
      );
    } catch (error) {
      outcome = error instanceof AppError ? error.code : 'error';
      throw error;
    } finally {
      this.metrics?.rpcDuration.observe({ subject, outcome }, Number(process.hrtime.bigint() - started) / 1e9);
    }
  }

  private async send(subject: string, payload: unknown, options: RequestOptions): Promise<unknown> {
    const hdrs = natsHeaders();
    const requestId = options.requestId ?? currentRequestContext().requestId ?? randomUUID();
    hdrs.set(REQUEST_ID_HEADER, requestId);
    injectTraceHeaders(hdrs);
    const packet = JSON.stringify({ pattern: subject, data: payload, id: randomUUID() });
    let reply;
    try {
      reply = await this.nc.request(subject, packet, { timeout: options.timeoutMs ?? this.defaultTimeoutMs, headers: hdrs });
    } catch (error) {
      throw translateTransportError(subject, error);
    }
    const body = reply.json<NestReplyPacket>();
    if (body.err !== undefined && body.err !== null) {
      if (AppError.isPayload(body.err)) throw AppError.fromPayload(body.err);
      if (typeof body.err === 'string' && body.err.startsWith(NO_HANDLER)) {
        throw new AppError('NOT_IMPLEMENTED', 'Not implemented yet');
      }
      throw new AppError('INTERNAL', 'Internal error');
    }
    return body.response;
  }
}

function translateTransportError(subject: string, error: unknown): AppError {
  const service = subject.split('.')[0];
  if (error instanceof natsErrors.NoRespondersError) {
    return new AppError('UNAVAILABLE', `The ${service} service is unavailable. Please try again shortly.`);
  }
  if (error instanceof natsErrors.TimeoutError) {
    return new AppError('TIMEOUT', `The ${service} service did not answer in time. Please try again.`);
  }
  if (error instanceof natsErrors.RequestError && error.isNoResponders()) {
    return new AppError('UNAVAILABLE', `The ${service} service is unavailable. Please try again shortly.`);
  }
  return new AppError('UNAVAILABLE', `Could not reach the ${service} service.`);
}
