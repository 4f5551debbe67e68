import type { z } from 'zod';
import { parsePayload } from '@printloom/service-kit';

/** Validates HTTP input with a contract schema; failure is a 400 with a readable message. */
export function validateInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  return parsePayload(schema, value ?? {});
}
