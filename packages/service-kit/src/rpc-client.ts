import { randomUUID } from 'node:crypto';
import { headers as natsHeaders, errors as natsErrors, type NatsConnection } from '@nats-io/transport-node';
import type { z } from 'zod';
import {
  AppError,
  REQUEST_ID_HEADER,
  RPC_CONTRACTS,
  isRpcSubject,
  serviceNotAnsweringMessage,
  type RpcReply,
  type RpcRequestInput,
  type RpcSubject,
} from '@printloom/contracts';
import { CircuitBreaker, DEFAULT_CIRCUIT_BREAKER, type CircuitBreakerOptions } from './circuit-breaker.js';
import { sendWhileConnected } from './nats-connection.js';
import { currentRequestContext } from './logger.js';
import type { ServiceMetrics } from './metrics.js';
import { injectTraceHeaders, SpanKind, withSpan } from './tracing.js';

export interface RequestOptions {
  requestId?: string;
  timeoutMs?: number;
  /** The 413's message when the request is over the NATS payload limit (a caller that knows what the user sent says what to change). */
  tooLargeMessage?: string;
}

/** nats-server's default max_payload, until the connection's INFO tells the server's own. */
export const NATS_DEFAULT_MAX_PAYLOAD_BYTES = 1024 * 1024;

const kilobytes = (bytes: number) => `${Math.ceil(bytes / 1024)} KB`;

interface NestReplyPacket {
  id?: string;
  response?: unknown;
  err?: unknown;
  status?: string;
  isDisposed?: boolean;
}

const NO_HANDLER = 'There is no matching message handler';

export interface RpcClientOptions {
  /** The circuit per subject (defaults: DEFAULT_CIRCUIT_BREAKER); `now` for tests. */
  circuitBreaker?: Partial<CircuitBreakerOptions>;
  now?: () => number;
}

/** An error that says the subject's service did not answer (as opposed to answering with an error). */
class TransportError extends AppError {}
/** Our own connection failed (closed, draining): it says nothing about the subject's service. */
class ConnectionError extends AppError {}
/** The request was never sent (over the payload limit): it says nothing about the subject's service either. */
class PayloadTooLargeError extends AppError {}

/**
 * Request/reply over core NATS speaking the packet format of Nest's NATS transport, so callers get
 * exact semantics: no responders (service down) and time-outs are told apart from a service error,
 * and the request id travels as a NATS header. A request whose connection drops before the answer
 * (the node it was on died) fails at once as UNAVAILABLE instead of waiting out its time-out.
 */
export class RpcClient {
  private readonly circuits = new Map<string, CircuitBreaker>();
  private readonly breakerOptions: CircuitBreakerOptions;

  constructor(
    private readonly nc: NatsConnection,
    private readonly defaultTimeoutMs = 10_000,
    private readonly metrics?: Pick<ServiceMetrics, 'rpcDuration' | 'rpcCircuitOpen'>,
    private readonly options: RpcClientOptions = {},
  ) {
    this.breakerOptions = { ...DEFAULT_CIRCUIT_BREAKER, ...options.circuitBreaker };
  }

  /** The state of a subject's circuit (closed until its first failures). */
  circuitState(subject: string) {
    return this.circuits.get(subject)?.state ?? 'closed';
  }

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
        () => this.sendThroughCircuit(subject, payload, options),
      );
    } catch (error) {
      outcome = error instanceof AppError ? error.code : 'error';
      throw error;
    } finally {
      this.metrics?.rpcDuration.observe({ subject, outcome }, Number(process.hrtime.bigint() - started) / 1e9);
    }
  }

  /**
   * A subject whose service stopped answering (paused, overloaded, partitioned) would make every caller
   * wait the whole time-out: after a few consecutive time-outs its circuit opens and requests fail at
   * once with 503 UNAVAILABLE and how long to wait (`retryAfterSeconds`, the rest of the cool-down),
   * until a probe after the cool-down gets an answer (a probe that finds no responders keeps it open).
   */
  private async sendThroughCircuit(subject: string, payload: unknown, options: RequestOptions): Promise<unknown> {
    const circuit = this.circuitOf(subject);
    const permit = circuit.acquire();
    if (!permit) throw circuitOpenError(subject, circuit.msUntilProbe());
    try {
      const result = await this.send(subject, payload, options);
      circuit.succeeded(permit);
      return result;
    } catch (error) {
      if (error instanceof TransportError && (error.code === 'TIMEOUT' || permit.probe)) {
        circuit.failed(permit);
      } else if (error instanceof TransportError) {
        // No responders answers at once (nothing to save by failing fast), and opening on it would keep
        // a service that just came back (a restart, a scale from zero) refused for a whole cool-down.
        circuit.abandoned(permit);
      } else if (error instanceof ConnectionError || error instanceof PayloadTooLargeError) {
        circuit.abandoned(permit);
      } else {
        circuit.succeeded(permit); // the service answered, with an error of its own
      }
      throw error;
    }
  }

  private circuitOf(subject: string) {
    let circuit = this.circuits.get(subject);
    if (!circuit) {
      const gauge = this.metrics?.rpcCircuitOpen;
      circuit = new CircuitBreaker(this.breakerOptions, this.options.now ?? Date.now, (state) =>
        gauge?.set({ subject }, state === 'closed' ? 0 : 1),
      );
      this.circuits.set(subject, circuit);
    }
    return circuit;
  }

  private async send(subject: string, payload: unknown, options: RequestOptions): Promise<unknown> {
    const hdrs = natsHeaders();
    const requestId = options.requestId ?? currentRequestContext().requestId ?? randomUUID();
    hdrs.set(REQUEST_ID_HEADER, requestId);
    injectTraceHeaders(hdrs);
    const packet = JSON.stringify({ pattern: subject, data: payload, id: randomUUID() });
    this.checkSize(packet, hdrs, options);
    let reply;
    try {
      reply = await sendWhileConnected(this.nc, options.timeoutMs ?? this.defaultTimeoutMs, (timeout) =>
        this.nc.request(subject, packet, { timeout, headers: hdrs }),
      );
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

  /**
   * The server refuses a message over its max_payload (headers included), and the client library throws
   * before sending: that is the request's size, a 413, not an unreachable service.
   */
  private checkSize(packet: string, hdrs: ReturnType<typeof natsHeaders>, options: RequestOptions): void {
    const limit = this.nc.info?.max_payload ?? NATS_DEFAULT_MAX_PAYLOAD_BYTES;
    const encode = (hdrs as unknown as { encode?: () => Uint8Array }).encode;
    const size = Buffer.byteLength(packet) + (typeof encode === 'function' ? encode.call(hdrs).length : 1024);
    if (size <= limit) return;
    throw new PayloadTooLargeError(
      'PAYLOAD_TOO_LARGE',
      options.tooLargeMessage ??
        `This request is too large to pass on: ${kilobytes(size)} once encoded, over the ${kilobytes(limit)} allowed.`,
    );
  }
}

function parseReply<S extends z.ZodType>(subject: string, schema: S, raw: unknown): z.infer<S> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw new AppError('INTERNAL', `Malformed reply on ${subject}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

/** A subject whose circuit is open: the service named as the time-out names it, and when to try again (at least 1 s). */
function circuitOpenError(subject: string, msUntilProbe: number): AppError {
  return new AppError('UNAVAILABLE', serviceNotAnsweringMessage(subject.split('.')[0]), {
    retryAfterSeconds: Math.max(1, Math.ceil(msUntilProbe / 1000)),
  });
}

function translateTransportError(subject: string, error: unknown): AppError {
  const service = subject.split('.')[0];
  if (error instanceof natsErrors.NoRespondersError) {
    return new TransportError('UNAVAILABLE', `The ${service} service is unavailable. Please try again shortly.`);
  }
  if (error instanceof natsErrors.TimeoutError) {
    return new TransportError('TIMEOUT', `The ${service} service did not answer in time. Please try again.`);
  }
  if (error instanceof natsErrors.RequestError && error.isNoResponders()) {
    return new TransportError('UNAVAILABLE', `The ${service} service is unavailable. Please try again shortly.`);
  }
  return new ConnectionError('UNAVAILABLE', `Could not reach the ${service} service.`);
}
