import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { ENDPOINTS } from '@printloom/contracts';

const STATE_COOKIE = 'pl_oauth_state';
/** Sent to the start of Google sign-in and to its callback (the path below it). */
const COOKIE_PATH = ENDPOINTS.startGoogleSignIn.path;

type StoreCallback = (error: Error | null, state?: string) => void;
type VerifyCallback = (error: Error | null, verifierOrOk: string | false, info?: unknown) => void;

/**
 * OAuth `state` and the PKCE code verifier, kept together in a short-lived HttpOnly cookie (the app
 * has no server-side web session). A callback this browser did not start is refused, and a code that
 * leaks from the redirect cannot be exchanged without the verifier only this browser holds.
 * passport-oauth2 calls `store` with the verifier (arity 5) when `pkce` is on, and sends what `verify`
 * answers as `code_verifier` in the token request.
 */
export class CookieStateStore {
  constructor(private readonly secure: boolean) {}

  store(req: Request, verifier: string, _state: unknown, _meta: unknown, callback: StoreCallback): void {
    const state = randomBytes(24).toString('base64url');
    req.res?.cookie(STATE_COOKIE, `${state}.${verifier}`, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
      maxAge: 10 * 60_000,
      path: COOKIE_PATH,
    });
    callback(null, state);
  }

  verify(req: Request, providedState: string, _meta: unknown, callback: VerifyCallback): void {
    const [expected = '', verifier = ''] = ((req.cookies as Record<string, string> | undefined)?.[STATE_COOKIE] ?? '').split('.');
    req.res?.clearCookie(STATE_COOKIE, { path: COOKIE_PATH });
    const a = Buffer.from(expected);
    const b = Buffer.from(String(providedState ?? ''));
    const ok = a.length > 0 && a.length === b.length && timingSafeEqual(a, b) && verifier.length >= 43;
    if (ok) callback(null, verifier);
    else callback(null, false, { message: 'The sign-in link expired. Please try again.' });
  }
}
