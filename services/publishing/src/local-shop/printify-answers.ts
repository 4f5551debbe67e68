// The local shop's answers as Printify words them (../shared/research/printify-fidelity.md): its error
// bodies, its date format, and how it reads a request's JSON body.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** An answer other than 200: its status, Printify's body and any headers (Retry-After). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(String(body.message ?? body.error ?? status));
  }
}

/** Printify's validation refusal: the reason in `errors.reason` (a string, or an object of field messages). */
export const refused = (code: number, reason: unknown) =>
  new HttpError(400, { status: 'error', code, message: 'Validation failed.', errors: { reason, code } });

/** Printify's answer for an unknown product, blueprint, provider or shop. */
export const notFound = () => new HttpError(404, { error: 'Not found', request_id: randomBytes(12).toString('hex') });

/** Printify's date format: `2019-07-25 13:40:41+00:00`. */
export const printifyDate = (at: Date | number = new Date()) =>
  new Date(at)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d{3}Z$/, '+00:00');

/** A request's JSON object body (empty: `{}`); malformed JSON is Printify's 8150, over 20 MB a 413. */
export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 20 * 1024 * 1024) throw new HttpError(413, { error: 'Body too large' });
    chunks.push(chunk as Buffer);
  }
  if (size === 0) return {};
  try {
    const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null) throw new Error('not an object');
    return parsed as Record<string, unknown>;
  } catch {
    throw refused(8150, 'Malformed JSON');
  }
}
