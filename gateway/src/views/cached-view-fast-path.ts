import type { IncomingMessage, ServerResponse } from 'node:http';
import { ENDPOINTS, REQUEST_ID_HEADER, SESSION_COOKIE, type EndpointId } from '@printloom/contracts';
import { spansLeaveProcess } from '@printloom/service-kit';
import type { MeViewService } from './me-view.service.js';
import type { LibraryViewService } from './library-view.service.js';
import type { JsonView } from './user-view-cache.js';
import { startServerSpan } from '../http/http-telemetry.middleware.js';
import { requestIdFor } from '../http/request-id.middleware.js';
import { API_ANSWER_HEADERS } from '../http/api-answer-headers.js';
import type { SessionService } from '../session/session.service.js';

/** The rows answered here: the table's `view` row and its `cache: 'library'` row (route-table.spec.ts keeps them so). */
export const FAST_PATH_ROWS = { me: 'getMe', library: 'listAssets' } as const satisfies Record<string, EndpointId>;
const ME_PATH = ENDPOINTS[FAST_PATH_ROWS.me].path;
const LIBRARY_PATH = ENDPOINTS[FAST_PATH_ROWS.library].path;
const LIBRARY_PAGE_PREFIX = `${LIBRARY_PATH}?`;
const COOKIE_PREFIX = `${SESSION_COOKIE}=`;

/** The session token of a Cookie header, when it is plain (anything cookie-parser would decode goes the long way). */
export function plainSessionToken(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  let start = cookieHeader.startsWith(COOKIE_PREFIX) ? 0 : cookieHeader.indexOf(`; ${COOKIE_PREFIX}`) + 2;
  if (start === 1) return null;
  start += COOKIE_PREFIX.length;
  const end = cookieHeader.indexOf(';', start);
  const token = cookieHeader.slice(start, end === -1 ? undefined : end);
  return /^[\w-]+$/.test(token) ? token : null;
}

export interface CachedViewFastPathDeps {
  sessions: SessionService;
  meViews: MeViewService;
  libraryViews: LibraryViewService;
  /** The security headers every answer carries (helmet's, computed once). */
  securityHeaders: ReadonlyArray<readonly [string, string]>;
  observe(route: string, status: number, seconds: number): void;
}

/**
 * GET /api/auth/me and GET /api/assets answered before Express and Nest when this instance holds both
 * the session and the user's cached reply (their `me` view; the library page for exactly this URL):
 * the same status, headers (security headers, request id, ETag) and bytes as the routed answer, a server
 * span in the caller's trace (marked as a cache hit) when spans are exported, and the same latency metric,
 * without the router and middleware chain that cost several times the answer itself. Anything else
 * (no cookie, a miss, a conditional request) returns false and takes the normal route, which fills
 * the caches. Revocation and the services' change broadcasts act on those caches, so they act here too.
 */
export function cachedViewFastPath({ sessions, meViews, libraryViews, securityHeaders, observe }: CachedViewFastPathDeps) {
  // Flat [name, value, ...] pairs written at once by writeHead: no per-header bookkeeping per request.
  // The same /api answer headers as the routed path (Cache-Control: private, no-store), from the same list.
  const fixedHeaders = [...securityHeaders, ...API_ANSWER_HEADERS].flat();
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' || req.headers['if-none-match'] !== undefined) return false;
    const url = req.url ?? '';
    const route = url === ME_PATH ? ME_PATH : url === LIBRARY_PATH || url.startsWith(LIBRARY_PAGE_PREFIX) ? LIBRARY_PATH : null;
    if (!route) return false;
    const started = process.hrtime.bigint();
    const token = plainSessionToken(req.headers.cookie);
    const user = token ? sessions.cachedUser(token) : null;
    if (!user) return false;
    const view: JsonView<unknown> | null = route === ME_PATH ? meViews.cached(user) : libraryViews.cached(user.userId, url);
    if (!view) return false;
    // Answering from memory logs nothing and calls nothing: its span (an eighth of the answer's CPU) is
    // only worth making when it leaves the process.
    const span = spansLeaveProcess() ? startServerSpan('GET', route, req.headers).span : null;
    res.writeHead(200, [
      ...fixedHeaders,
      REQUEST_ID_HEADER,
      requestIdFor(req.headers[REQUEST_ID_HEADER]),
      'Content-Type',
      'application/json; charset=utf-8',
      'Content-Length',
      String(view.length),
      'ETag',
      view.etag,
    ]);
    res.end(view.body);
    observe(route, 200, Number(process.hrtime.bigint() - started) / 1e9);
    span?.setAttributes({ 'http.route': route, 'http.response.status_code': 200, 'printloom.gateway_cache': 'hit' });
    span?.end();
    return true;
  };
}
