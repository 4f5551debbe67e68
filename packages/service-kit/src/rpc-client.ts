import { randomUUID } from 'node:crypto';
import { headers as natsHeaders, errors as natsErrors, type NatsConnection } from '@nats-io/transport-node';
import type { z } from 'zod';
import {
  AppError,
  REQUEST_ID_HEADER,
  RPC_CONTRACTS,
  isRpcSubject,
  type RpcReply,
  type RpcRequestInput,
  type RpcSubject,
} from '@printloom/contracts';
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

  /** A request on a subject of the contracts' registry: the reply is checked against its schema. */
  request<S extends RpcSubject>(subject: S, payload: RpcRequestInput<S>, options?: RequestOptions): Promise<RpcReply<S>>;
  async request(subject: string, payload: unknown, options: RequestOptions = {}): Promise<unknown> {
    const replySchema = isRpcSubject(subject) ? RPC_CONTRACTS[subject].reply : undefined;
    if (!replySchema) throw new AppError('INTERNAL', `No contract for subject ${subject}`);
    return parseReply(subject, replySchema, await this.requestRaw(subject, payload, options));
  }

  /**
   * A request whose payload was built at run time (the gateway's route table): the subject is still
   * one of the registry's, and the reply is checked against its schema.
   */
  forward(subject: RpcSubject, payload: Record<string, unknown>, options: RequestOptions = {}): Promise<unknown> {
    return this.request(subject, payload as RpcRequestInput<typeof subject>, options);
  }

  async requestRaw(subject: string, payload: unknown, options: RequestOptions = {}): Promise<unknown> {
    const started = process.hrtime.bigint();
    let outcome = 'ok';
    try {
      return await withSpan(
        `rpc ${subject}`,
        { kind: SpanKind.CLIENT, attributes: { 'messaging.system': 'nats', 'messaging.destination.name': subject } },
        () => this.send(subject, payload, options),
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

function parseReply<S extends z.ZodType>(subject: string, schema: S, raw: unknown): z.infer<S> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw new AppError('INTERNAL', `Malformed reply on ${subject}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  }
  return parsed.data;
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
