import { z } from 'zod';
import { EVENTS } from './subjects.js';
import { uuid } from './common.schemas.js';

export const userVerifiedEvent = z.object({ userId: uuid, email: z.string(), at: z.iso.datetime() });

export const EVENT_SCHEMAS = {
  [EVENTS.userVerified]: userVerifiedEvent,
} as const;
