import { z } from 'zod';
import { LIMITS } from './limits.js';
import { clientInfo, email, uuid, ok } from './common.schemas.js';

export const emailTemplate = z.enum([
  'verification-code',
  'password-reset-code',
  'welcome',
  'payment-failed',
  'expiry-reminder',
  'account-deleted',
  'signup-attempt',
  'confirmation-code',
]);
export const sendEmailRequest = z.object({
  to: email,
  template: emailTemplate,
  data: z.record(z.string(), z.string()),
  /** Idempotency key: the same key is sent once. */
  key: z.string().min(1).max(200),
  /** Whose mail this is: a deleted account's mail is purged by its id, never by its address. */
  userId: uuid.optional(),
  /** An https one-click unsubscribe URL: sent as List-Unsubscribe with List-Unsubscribe-Post (RFC 8058). */
  listUnsubscribe: z.url().optional(),
});
export const sendEmailReply = z.object({ queued: z.literal(true) });

const requiredText = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);

export const supportBody = z.object({
  type: z.enum(['support', 'feedback', 'feature'], { message: 'type must be support, feedback or feature' }),
  email,
  subject: requiredText('Subject', 200),
  message: requiredText('Message', LIMITS.supportFieldMaxChars),
});
export const supportRequest = supportBody.extend({ userId: uuid.nullable().default(null), ...clientInfo.shape });
export { ok };
