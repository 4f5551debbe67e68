import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

/**
 * The hash of the one inline script of the SPA (frontend/index.html: the theme is applied before
 * first paint). security-headers.spec.ts recomputes it from that file, so an edit there fails a test
 * instead of silently breaking the page under this policy.
 */
export const THEME_SCRIPT_HASH = "'sha256-hIdwfq7Gk9OsRdVXiA3GBP92a0N9OB4XEQ9FC5EuDmE='";

/**
 * The Content-Security-Policy of the SPA and the API, sent by the gateway and, for containers, by nginx
 * (infra/nginx/security-headers.conf, kept equal by a test). Scripts: our own files and the theme
 * script's hash, never 'unsafe-inline'. Styles keep 'unsafe-inline' for the style tags Radix injects.
 */
export const CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'", THEME_SCRIPT_HASH],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'blob:', 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

export const contentSecurityPolicy = (): string =>
  Object.entries(CSP_DIRECTIVES)
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; ');

export const HSTS_MAX_AGE_SECONDS = 31_536_000;

/** helmet with the policy above; HSTS only when the public origin is https (it would pin http otherwise). */
export function securityHeaders(publicUrl: string) {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    strictTransportSecurity: publicUrl.startsWith('https:') ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
    // The Google sign-in and Stripe pages are full navigations, never popups that need an opener.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
  });
}

/**
 * helmet's headers, computed once: with this configuration they do not depend on the request, so
 * every answer gets the same list without running helmet's dozen middlewares per request.
 */
export function securityHeaderList(publicUrl: string): Array<readonly [string, string]> {
  const headers: Array<readonly [string, string]> = [];
  const res = {
    setHeader: (name: string, value: unknown) => headers.push([name, String(value)]),
    removeHeader: () => undefined,
    getHeader: () => undefined,
  };
  let done = false;
  securityHeaders(publicUrl)(
    { method: 'GET', url: '/', headers: {} } as IncomingMessage,
    res as unknown as ServerResponse,
    () => (done = true),
  );
  if (!done) throw new Error('helmet did not finish synchronously: the security headers cannot be computed once');
  return headers;
}

export function precomputedSecurityHeaders(headers: ReadonlyArray<readonly [string, string]>) {
  return (_req: Request, res: Response, next: NextFunction): void => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
