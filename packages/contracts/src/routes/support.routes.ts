// Support: a message to the team.
import * as notifications from '../notifications.schemas.js';
import { NOTIFICATIONS } from '../subjects.js';
import { ok } from '../common.schemas.js';
import { withUserAndClient } from './route-inputs.js';
import { endpoint } from '../endpoints.js';
import type { Route } from './route.js';

export const SUPPORT_ROUTES = [
  // Support
  {
    ...endpoint('sendSupportMessage'),
    kind: 'rpc',
    tag: 'support',
    summary: 'Send a support, feedback or feature message',
    access: 'optional-user',
    subject: NOTIFICATIONS.createSupportMessage,
    body: notifications.supportBody,
    toRequest: withUserAndClient,
    reply: ok,
  },
] as const satisfies readonly Route[];
