import type { NextFunction, Request, Response } from 'express';
import { ENDPOINTS, httpErrorBody } from '@printloom/contracts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Called by Stripe's servers, authenticated by signature instead. */
const EXEMPT_PATHS = new Set<string>([ENDPOINTS.stripeWebhook.path]);
/** Posted by mail providers (RFC 8058 one-click), authenticated by the unsubscribe token in its URL. */
EXEMPT_PATHS.add(ENDPOINTS.unsubscribeRemindersOneClick.path);

/**
 * Refuses state-changing requests sent by another site's pages (CSRF): browsers always send `Origin`
 * on cross-origin POST/PATCH/DELETE, and `Sec-Fetch-Site` where supported.
 */
export function sameOriginMiddleware(allowedOrigins: string[]) {
  const allowed = new Set(allowedOrigins.map((origin) => new URL(origin).origin));
  return (req: Request, res: Response, next: NextFunction): void => {
    if (SAFE_METHODS.has(req.method) || EXEMPT_PATHS.has(req.path)) return next();
    const origin = req.header('origin');
    const fetchSite = req.header('sec-fetch-site');
    // The app's own origin as the browser reached it (localhost or 127.0.0.1 alike) is same-origin.
    const ownOrigin = `${req.protocol}://${req.get('host')}`;
    const originRefused = origin !== undefined && origin !== 'null' ? !allowed.has(origin) && origin !== ownOrigin : origin === 'null';
    if (originRefused || fetchSite === 'cross-site') {
      res.status(403).json(httpErrorBody('FORBIDDEN', 'Cross-site request refused'));
      return;
    }
    next();
  };
}
