import { Strategy, type Profile } from 'passport-google-oauth20';
import type { GatewayConfig } from '../config.js';
import { CookieStateStore } from './cookie-state-store.js';
import { googleCallbackUrl } from './callback-url.js';

export interface GoogleIdentity {
  googleId: string;
  email: string;
  emailVerified: boolean;
}

export const GOOGLE_STRATEGY = 'google';

export function isGoogleConfigured(config: GatewayConfig): boolean {
  return Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);
}

/** passport-google-oauth20 with every endpoint configurable (a local stand-in server in tests). */
export function createGoogleStrategy(config: GatewayConfig): Strategy {
  return new Strategy(
    {
      clientID: config.GOOGLE_CLIENT_ID!,
      clientSecret: config.GOOGLE_CLIENT_SECRET!,
      callbackURL: googleCallbackUrl(config.PUBLIC_URL),
      authorizationURL: config.GOOGLE_AUTH_URL,
      tokenURL: config.GOOGLE_TOKEN_URL,
      userProfileURL: config.GOOGLE_USERINFO_URL,
      scope: ['openid', 'email', 'profile'],
      pkce: true,
      state: true,
      store: new CookieStateStore(config.PUBLIC_URL.startsWith('https:')) as never,
    },
    (_accessToken: string, _refreshToken: string, profile: Profile, done: (error: Error | null, user?: GoogleIdentity | false) => void) => {
      const email = profile.emails?.[0];
      if (!email?.value) return done(null, false);
      done(null, {
        googleId: profile.id,
        email: email.value,
        emailVerified: email.verified === true || (email.verified as unknown) === 'true',
      });
    },
  );
}
