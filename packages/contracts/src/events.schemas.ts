import { z } from 'zod';
import { EVENTS } from './subjects.js';
import { uuid } from './common.schemas.js';

export const userVerifiedEvent = z.object({ userId: uuid, email: z.string(), at: z.iso.datetime() });
export const userSignedUpEvent = z.object({ userId: uuid, email: z.string(), at: z.iso.datetime() });
export const jobSucceededEvent = z.object({ userId: uuid, jobId: uuid, assetIds: z.array(uuid) });
export const jobFailedEvent = z.object({ userId: uuid, jobId: uuid, error: z.string() });
export const subscriptionChangedEvent = z.object({ userId: uuid, planId: z.string().nullable(), status: z.string() });
export const accountDeletedEvent = z.object({ userId: uuid, email: z.string(), deletedAt: z.iso.datetime(), purgeAfter: z.iso.datetime() });

export const EVENT_SCHEMAS = {
  [EVENTS.userVerified]: userVerifiedEvent,
  [EVENTS.userSignedUp]: userSignedUpEvent,
  [EVENTS.jobSucceeded]: jobSucceededEvent,
  [EVENTS.jobFailed]: jobFailedEvent,
  [EVENTS.subscriptionChanged]: subscriptionChangedEvent,
  [EVENTS.accountDeleted]: accountDeletedEvent,
} as const;
