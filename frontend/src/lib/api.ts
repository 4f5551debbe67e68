// The one API client (spec section 7): credentials always, JSON content type only with a body, and a
// non-OK answer throws an Error whose message is `status: body text` (or the status text when empty).
export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : undefined,
    body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
  });
  if (!response.ok) throw await responseError(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** The error a non-OK answer raises: `status: body text`, or the status text when the body is empty. */
export async function responseError(response: Response): Promise<Error> {
  return new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
}

/** The server's `{ error }` text out of an `status: body` message, for toasts. */
export function errorText(error: unknown, fallback: string): string {
  const message = error instanceof Error ? error.message : '';
  const body = message.replace(/^\d{3}: /, '');
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    if (typeof parsed.error === 'string' && parsed.error) return parsed.error;
  } catch {
    // not JSON
  }
  return body && body !== message ? body : fallback;
}

/** Default data loads: GET on the path built from the query key parts. */
export function keyToPath(queryKey: readonly unknown[]): string {
  return queryKey.filter((part) => typeof part === 'string').join('/');
}
