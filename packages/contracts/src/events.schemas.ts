import { z } from 'zod';
import { EVENTS } from './subjects.js';
import { uuid } from './common.schemas.js';

/** `ip`: the address the account was verified from (trial credits are limited per address and day). */
export const userVerifiedEvent = z.object({ userId: uuid, email: z.string(), at: z.iso.datetime(), ip: z.string().max(64).optional() });
export const accountDeletedEvent = z.object({ userId: uuid, email: z.string(), deletedAt: z.iso.datetime(), purgeAfter: z.iso.datetime() });

export const EVENT_SCHEMAS = {
  [EVENTS.userVerified]: userVerifiedEvent,
  [EVENTS.accountDeleted]: accountDeletedEvent,
} as const;
