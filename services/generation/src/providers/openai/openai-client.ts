import { ProviderError, REFUNDED_FAILURE_MESSAGES } from '../image-provider.js';

export interface OpenAiClientOptions {
  apiKey: string;
  baseUrl: string;
  timeoutMs: number;
  /** First retry delay on 429/5xx without a `retry-after`; doubles each time. */
  retryBaseMs?: number;
  maxAttempts?: number;
  /** The longest `retry-after` honoured; a longer one gives up with a retryable error. */
  maxRetryAfterMs?: number;
}

interface OpenAiErrorBody {
  error?: { message?: string; type?: string; code?: string | null };
}

const POLICY_CODES = new Set(['content_policy_violation', 'moderation_blocked', 'image_generation_user_error']);
export const POLICY_MESSAGE = "Your prompt was rejected by the image provider's safety system. Please rephrase it.";
/** What an out-of-quota (or model-gone) failure and a time-out read as: the contracts' words, not this adapter's. */
export const UNAVAILABLE_MESSAGE = REFUNDED_FAILURE_MESSAGES.quota;
export const TIMEOUT_MESSAGE = REFUNDED_FAILURE_MESSAGES.timeout;

/**
 * Calls to the OpenAI API. A 429 (rate limit) or a 5xx is retried after the server's `retry-after`;
 * a client timeout is never retried (OpenAI may still bill the request) and neither is
 * `insufficient_quota` (the account is out of credit: waiting does not help).
 */
export class OpenAiClient {
  constructor(private readonly options: OpenAiClientOptions) {}

  url(path: string): string {
    const base = new URL(this.options.baseUrl.endsWith('/') ? this.options.baseUrl : `${this.options.baseUrl}/`);
    return new URL(path.replace(/^\//, ''), base).toString();
  }

  get<T>(path: string): Promise<T> {
    return this.send<T>(path, { method: 'GET' });
  }

  post<T>(path: string, payload: unknown): Promise<T> {
    return this.send<T>(path, { method: 'POST', body: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });
  }

  private async send<T>(path: string, init: { method: string; body?: string; headers?: Record<string, string> }): Promise<T> {
    const maxAttempts = this.options.maxAttempts ?? 3;
    for (let attempt = 1; ; attempt += 1) {
      let response: Response;
      try {
        response = await fetch(this.url(path), {
          ...init,
          headers: { authorization: `Bearer ${this.options.apiKey}`, ...init.headers },
          signal: AbortSignal.timeout(this.options.timeoutMs),
        });
      } catch (error) {
        if ((error as Error).name === 'TimeoutError') throw ProviderError.of('timeout', false);
        // Nothing reached the server: a later delivery of the job may try again.
        throw new ProviderError('Could not reach the image provider. Please try again.', true, 'unavailable');
      }
      if (response.ok) return (await response.json()) as T;
      const body = (await response.json().catch(() => ({}))) as OpenAiErrorBody;
      const serverWaitMs = retryAfterMs(response.headers);
      const failure = translate(response.status, body, serverWaitMs);
      if (failure.retryable && (response.status === 429 || response.status >= 500) && attempt < maxAttempts) {
        const waitMs = serverWaitMs ?? (this.options.retryBaseMs ?? 1000) * 2 ** (attempt - 1);
        // A longer wait is left to the job queue (the job is redelivered after it), not held in memory.
        if (waitMs <= (this.options.maxRetryAfterMs ?? 60_000)) {
          await new Promise((resolve) => setTimeout(resolve, waitMs));
          continue;
        }
      }
      throw failure;
    }
  }
}

/** `retry-after-ms` (OpenAI's) or `retry-after` in seconds or as an HTTP date. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const ms = Number(headers.get('retry-after-ms'));
  if (headers.get('retry-after-ms') && Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export function translate(status: number, body: OpenAiErrorBody, retryAfter?: number): ProviderError {
  const code = body.error?.code ?? '';
  const type = body.error?.type ?? '';
  if (POLICY_CODES.has(code) || /safety system|content policy/i.test(body.error?.message ?? ''))
    return new ProviderError(POLICY_MESSAGE, false, 'policy');
  if (code === 'insufficient_quota' || type === 'insufficient_quota') return ProviderError.of('quota', false);
  if (status === 404 || code === 'model_not_found') return ProviderError.of('model-gone', false);
  if (status === 429)
    return new ProviderError('The image provider is busy right now. Please try again in a minute.', true, 'busy', retryAfter);
  if (status === 401 || status === 403)
    return new ProviderError('The image provider refused our credentials. Please contact support.', false, 'refused');
  if (status >= 500) return new ProviderError('The image provider is having trouble. Please try again.', true, 'unavailable', retryAfter);
  return new ProviderError(`The image provider could not make this image: ${body.error?.message ?? `HTTP ${status}`}`, false, 'other');
}
