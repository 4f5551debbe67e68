import { z } from 'zod';
import { LIMITS } from './limits.js';
import { ERROR_STATUS, type ErrorCode } from './errors.js';

export const uuid = z.uuid({ message: 'Invalid id' });
export const email = z
  .string({ message: 'Email is required' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Please enter a valid email address' }).max(254, 'Email is too long'));
export const password = z.string({ message: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is too long');
export const newPassword = z
  .string({ message: 'Password is required' })
  .min(LIMITS.passwordMinChars, `Password must be at least ${LIMITS.passwordMinChars} characters.`)
  .max(200, 'Password is too long');
export const code = z.string({ message: 'Code is required' }).regex(/^\d{6}$/, 'Please enter a 6-digit code.');

/** Client facts the gateway attaches for rate limits and audit. */
export const clientInfo = z.object({ ip: z.string().max(64).default('unknown') });

export const ok = z.object({ ok: z.literal(true) });
export const messageReply = z.object({ message: z.string() });
export const urlReply = z.object({ url: z.string() });
/** Every HTTP error: the message to show and the code to branch on; some add details (e.g. requiresVerification). */
export const errorBody = z
  .object({
    error: z.string().describe('A message for people'),
    code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]).describe('A stable code for programs (see the AppError table)'),
  })
  .catchall(z.unknown());
