import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';

const STATE_COOKIE = 'pl_oauth_state';

type StoreCallback = (error: Error | null, state?: string) => void;
type VerifyCallback = (error: Error | null, ok: boolean, info?: unknown) => void;

/**
 * OAuth `state` kept in a short-lived HttpOnly cookie (the app has no server-side web session), so a
 * callback that this browser did not start is refused.
 */
export class CookieStateStore {
  constructor(private readonly secure: boolean) {}

  store(req: Request, _state: unknown, _meta: unknown, callback: StoreCallback): void {
    const state = randomBytes(24).toString('base64url');
    req.res?.cookie(STATE_COOKIE, state, { httpOnly: true, sameSite: 'lax', secure: this.secure, maxAge: 10 * 60_000, path: '/api/auth/google' });
    callback(null, state);
  }

  verify(req: Request, providedState: string, _meta: unknown, callback: VerifyCallback): void {
    const expected = (req.cookies as Record<string, string> | undefined)?.[STATE_COOKIE] ?? '';
    req.res?.clearCookie(STATE_COOKIE, { path: '/api/auth/google' });
    const a = Buffer.from(expected);
    const b = Buffer.from(String(providedState ?? ''));
    const ok = a.length > 0 && a.length === b.length && timingSafeEqual(a, b);
    callback(null, ok, ok ? undefined : { message: 'The sign-in link expired. Please try again.' });
  }
}
