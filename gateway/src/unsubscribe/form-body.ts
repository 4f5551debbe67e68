import type { Request } from 'express';
import { AppError } from '@printloom/contracts';

/** A form post is a few bytes (`List-Unsubscribe=One-Click`); anything much larger is not one. */
const MAX_FORM_BYTES = 4096;
const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/**
 * The text fields of a form body (urlencoded or multipart, the two RFC 8058 allows); `{}` for any
 * other type, so the caller's schema answers what it expected. The JSON parser leaves these bodies unread.
 */
export async function readFormFields(req: Request): Promise<Record<string, string>> {
  const type = req.header('content-type') ?? '';
  if (!FORM_TYPES.test(type)) return {};
  if (Number(req.header('content-length') ?? 0) > MAX_FORM_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'Request body is too large');
  const chunks: Buffer[] = [];
  let size = 0;
  // Read to the end even past the limit, so the answer is a clean 413 rather than a reset connection.
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= MAX_FORM_BYTES) chunks.push(chunk);
  }
  if (size > MAX_FORM_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'Request body is too large');
  try {
    const form = await new Response(Buffer.concat(chunks), { headers: { 'content-type': type } }).formData();
    return Object.fromEntries([...form].filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    throw new AppError('BAD_REQUEST', 'Malformed form body');
  }
}
