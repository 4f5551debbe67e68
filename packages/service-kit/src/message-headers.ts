import type { MsgHdrs } from '@nats-io/transport-node';
import { REQUEST_ID_HEADER } from '@printloom/contracts';
import { currentRequestContext } from './logger.js';
import { traceHeaders } from './tracing.js';

/**
 * Headers of a JetStream message (an event, a queued job): the trace context and the request id of the
 * work that sends it, so one id finds every log line of a generate, a draft or a bulk job, from the
 * click to the worker (issue 41 item 12).
 */
export function messageHeaders(): MsgHdrs {
  const headers = traceHeaders();
  const { requestId } = currentRequestContext();
  if (requestId) headers.set(REQUEST_ID_HEADER, requestId);
  return headers;
}

/** The request id a message carries, if its sender had one. */
export function requestIdOf(headers: Pick<MsgHdrs, 'get'> | undefined): string | undefined {
  return headers?.get(REQUEST_ID_HEADER) || undefined;
}
