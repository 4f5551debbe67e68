import { describe, expect, it } from '@jest/globals';
import { ConfigError } from './config.js';
import { natsAuthOptions, natsCredentialsOf } from './nats-connection.js';

const strong = 'a-long-random-nats-password-0123456789abcdef';

describe('natsCredentialsOf', () => {
  it('keeps the open server of `make dev` when neither is set', () => {
    expect(natsCredentialsOf({ NODE_ENV: 'development' })).toBeUndefined();
    expect(natsAuthOptions(undefined)).toEqual({});
  });

  it("connects as the app's user, its replies under its own inbox prefix", () => {
    const credentials = natsCredentialsOf({ NODE_ENV: 'production', NATS_USER: 'billing', NATS_PASSWORD: strong });
    expect(natsAuthOptions(credentials)).toEqual({ user: 'billing', pass: strong, inboxPrefix: '_INBOX.billing' });
  });

  it('stops the start naming the variable: one without the other, an unknown user', () => {
    expect(() => natsCredentialsOf({ NATS_USER: 'auth' })).toThrow('NATS_PASSWORD: is required when NATS_USER is set');
    expect(() => natsCredentialsOf({ NATS_PASSWORD: strong })).toThrow('NATS_USER: is required when NATS_PASSWORD is set');
    expect(() => natsCredentialsOf({ NATS_USER: 'admin', NATS_PASSWORD: strong })).toThrow(/NATS_USER: must be one of gateway, auth/);
  });

  it('requires a user and a strong password in production', () => {
    expect(() => natsCredentialsOf({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => natsCredentialsOf({ NODE_ENV: 'production' })).toThrow(/NATS_USER: is required in production/);
    expect(() => natsCredentialsOf({ NODE_ENV: 'production', NATS_USER: 'auth', NATS_PASSWORD: 'short' })).toThrow(
      /NATS_PASSWORD: must be at least 32 characters/,
    );
  });
});
