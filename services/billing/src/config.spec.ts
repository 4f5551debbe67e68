import { describe, expect, it } from '@jest/globals';
import { DEVELOPMENT_SECRETS } from '@printloom/service-kit/config';
import { loadBillingConfig } from './config.js';

const PUBLIC_URL = 'https://printloom.example.com';
const TRIAL_HASH_KEY = 'a-long-random-trial-hash-key-for-production-0123';
const STRIPE = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
const PRODUCTION = { NODE_ENV: 'production', TRIAL_HASH_KEY, ...STRIPE };

describe('billing configuration', () => {
  it('runs the local checkout in development with no settings at all, trial hashes keyed by the development key', () => {
    const config = loadBillingConfig({});
    expect(config.STRIPE_SECRET_KEY).toBeUndefined();
    expect(config.TRIAL_HASH_KEY).toBe(DEVELOPMENT_SECRETS[0]);
  });

  it('refuses to start in production without Stripe, naming each missing variable', () => {
    expect(() => loadBillingConfig({ NODE_ENV: 'production', PUBLIC_URL, TRIAL_HASH_KEY })).toThrow(
      /STRIPE_SECRET_KEY: is required in production[\s\S]*STRIPE_WEBHOOK_SECRET: is required in production/,
    );
    expect(() => loadBillingConfig({ NODE_ENV: 'production', PUBLIC_URL, TRIAL_HASH_KEY, STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: is required/,
    );
  });

  it('starts in production with both Stripe keys, or with the explicit demo opt-in LOCAL_PAYMENTS=allow', () => {
    expect(loadBillingConfig({ NODE_ENV: 'production', PUBLIC_URL, TRIAL_HASH_KEY, ...STRIPE }).STRIPE_SECRET_KEY).toBe('sk_live_x');
    expect(loadBillingConfig({ NODE_ENV: 'production', PUBLIC_URL, TRIAL_HASH_KEY, LOCAL_PAYMENTS: 'allow' }).LOCAL_PAYMENTS).toBe('allow');
    expect(() => loadBillingConfig({ NODE_ENV: 'production', PUBLIC_URL, TRIAL_HASH_KEY, LOCAL_PAYMENTS: 'yes' })).toThrow(
      /LOCAL_PAYMENTS/,
    );
  });

  it('refuses to start in production without TRIAL_HASH_KEY, with a short one or with a development value, even for a demo', () => {
    expect(() => loadBillingConfig({ NODE_ENV: 'production', PUBLIC_URL, ...STRIPE })).toThrow(/TRIAL_HASH_KEY: is required in production/);
    expect(() => loadBillingConfig({ NODE_ENV: 'production', PUBLIC_URL, LOCAL_PAYMENTS: 'allow' })).toThrow(/TRIAL_HASH_KEY: is required/);
    expect(() => loadBillingConfig({ NODE_ENV: 'production', PUBLIC_URL, ...STRIPE, TRIAL_HASH_KEY: 'only-twenty-chars-xx' })).toThrow(
      /TRIAL_HASH_KEY: must be at least 32 characters/,
    );
    for (const secret of DEVELOPMENT_SECRETS.filter((value) => value.length >= 32))
      expect(() => loadBillingConfig({ NODE_ENV: 'production', PUBLIC_URL, ...STRIPE, TRIAL_HASH_KEY: secret })).toThrow(
        /TRIAL_HASH_KEY: is a development value/,
      );
    expect(loadBillingConfig({ NODE_ENV: 'production', PUBLIC_URL, ...STRIPE, TRIAL_HASH_KEY }).TRIAL_HASH_KEY).toBe(TRIAL_HASH_KEY);
  });

  it('refuses to start in production with a PUBLIC_URL its links cannot use (localhost, http, an IP address)', () => {
    for (const address of ['http://localhost:8080', 'http://printloom.example.com', 'https://203.0.113.7'])
      expect(() => loadBillingConfig({ ...PRODUCTION, PUBLIC_URL: address })).toThrow(/PUBLIC_URL: /);
    expect(loadBillingConfig({ ...PRODUCTION, PUBLIC_URL }).PUBLIC_URL).toBe(PUBLIC_URL);
  });
});
