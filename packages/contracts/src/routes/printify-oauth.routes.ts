// Publishing: Printify's OAuth 2.0 connect (issue 40 item 5). Both are redirects served by the
// gateway's own handler.
import { LIMITS } from '../limits.js';
import { endpoint } from '../endpoints.js';
import { PUBLISHING } from '../subjects.js';
import { authorizationCallbackQuery } from '../publishing.schemas.js';
import type { CustomRoute } from './route.js';

export const PRINTIFY_OAUTH_ROUTES = [
  {
    ...endpoint('authorizePrintify'),
    kind: 'custom',
    tag: 'publishing',
    summary: `Connect Printify with OAuth 2.0 (when PRINTIFY_APP_ID is set; 404 otherwise): redirects to Printify's authorize page with a single-use state valid 10 minutes and bound to this session. Needs a recent proof; ${LIMITS.printifyConnectsPerHour} an hour per seller and per address, with the token connect`,
    access: 'user',
    subject: PUBLISHING.startAuthorization,
    // Whose shop the drafts go to: a stolen session must not point them at its own (as the token connect).
    proof: 'recent',
  },
  {
    ...endpoint('finishPrintifyAuthorization'),
    kind: 'custom',
    tag: 'publishing',
    summary:
      "Printify's redirect back (`code`, or `error` and `error_description`): exchanges the code and redirects to Account → Connections with the outcome (`printify=connected|declined|failed`); 400 for a state that is unknown, used, expired or another session's",
    access: 'user',
    subject: PUBLISHING.finishAuthorization,
    query: authorizationCallbackQuery,
  },
] as const satisfies readonly CustomRoute[];
