// The one API client of every /api route, derived from the contracts' route table: a call names its
// route (`callApi('generate', { body })`); method and path come from ENDPOINTS, the types of params,
// query, body and reply from the route's zod schemas (types only: zod stays out of the bundle).
// Credentials always, JSON content type only with a JSON body; a non-OK answer throws an ApiError.
import type { z } from 'zod';
import { ENDPOINTS, type EndpointId } from '@printloom/contracts/endpoints';
import type { RouteById } from '@printloom/contracts/routes';
import { errorCodeOfStatus, type ErrorCode } from '@printloom/contracts/errors';

type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
type PathParams<K extends EndpointId> = { [Name in PathParamNames<(typeof ENDPOINTS)[K]['path']>]: string };

type ParamsInput<K extends EndpointId> = [PathParamNames<(typeof ENDPOINTS)[K]['path']>] extends [never]
  ? { params?: never }
  : { params: PathParams<K> };
type QueryInput<K extends EndpointId> =
  RouteById<K> extends { query: infer S extends z.ZodType } ? { query?: z.input<S> } : { query?: never };
type BodyInput<K extends EndpointId> =
  RouteById<K> extends { body: infer S extends z.ZodType }
    ? { body: z.input<S> }
    : RouteById<K> extends { contentType: 'multipart/form-data' }
      ? { body: FormData }
      : { body?: never };

/**
 * What a call to route K takes: its path params, query and body, typed from the route's schemas; and a
 * `signal` that aborts it (a newer request made this one stale).
 */
export type ApiInput<K extends EndpointId> = ParamsInput<K> & QueryInput<K> & BodyInput<K> & { signal?: AbortSignal };
/** What route K answers, typed from its reply schema. */
export type ApiReply<K extends EndpointId> = RouteById<K> extends { reply: infer S extends z.ZodType } ? z.output<S> : unknown;
/** The input is optional when none of its fields is required. */
type Args<K extends EndpointId> = Partial<ApiInput<K>> extends ApiInput<K> ? [input?: ApiInput<K>] : [input: ApiInput<K>];

/**
 * A non-OK answer. `message` reads `status: body text` (or the status text when the
 * body is empty); screens branch on `code` (the server's, or the one its status stands for) and show
 * `serverMessage`.
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  /** The server's `error` text, when the body was the JSON error body. */
  readonly serverMessage: string | null;
  /** The rest of the JSON error body, e.g. `requiresVerification`. */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(
    readonly status: number,
    bodyText: string,
    statusText = '',
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    const body = parseErrorBody(bodyText);
    this.code = body?.code ?? errorCodeOfStatus(status);
    this.serverMessage = body?.error ?? null;
    this.details = body ?? {};
  }
}

function parseErrorBody(text: string): ({ error: string; code?: ErrorCode } & Record<string, unknown>) | null {
  try {
    const parsed = JSON.parse(text) as { error?: unknown; code?: unknown };
    if (typeof parsed !== 'object' || parsed === null || typeof parsed.error !== 'string') return null;
    return { ...parsed, error: parsed.error, code: typeof parsed.code === 'string' ? (parsed.code as ErrorCode) : undefined };
  } catch {
    return null;
  }
}

/** The ApiError a non-OK answer raises (also for answers fetched outside `callApi`, e.g. downloads). */
export async function responseError(response: Response): Promise<ApiError> {
  return new ApiError(response.status, await response.text(), response.statusText);
}

/** True when `error` is an ApiError with one of these codes. */
export function hasErrorCode(error: unknown, ...codes: ErrorCode[]): error is ApiError {
  return error instanceof ApiError && codes.includes(error.code);
}

/** The text to show for a failure: the server's `error`, a non-JSON body as it came, or the fallback. */
export function errorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.serverMessage) return error.serverMessage;
  const body = error.message.replace(/^\d{3}: /, '');
  return body || fallback;
}

/**
 * The URL of route K with its path params and query filled in. Also the one place that builds URLs the
 * browser navigates to itself (Google sign-in, downloads).
 */
export function apiUrl<K extends EndpointId>(id: K, ...[input]: Args<K>): string {
  const { params, query } = (input ?? {}) as { params?: Record<string, string>; query?: Record<string, unknown> };
  const path = ENDPOINTS[id].path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${id}: missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  return search.size ? `${path}?${search}` : path;
}

/** Calls route K and resolves to its reply, or rejects with an ApiError. */
export async function callApi<K extends EndpointId>(id: K, ...args: Args<K>): Promise<ApiReply<K>> {
  const { body, signal } = (args[0] ?? {}) as { body?: unknown; signal?: AbortSignal };
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const response = await fetch(apiUrl(id, ...args), {
    method: ENDPOINTS[id].method,
    credentials: 'include',
    headers: body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : undefined,
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    signal,
  });
  if (!response.ok) throw await responseError(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as ApiReply<K>;
}
