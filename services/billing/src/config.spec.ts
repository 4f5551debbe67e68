import { describe, expect, it } from '@jest/globals';
import { loadBillingConfig } from './config.js';

describe('billing configuration', () => {
  it('runs the local checkout in development with no settings at all', () => {
    expect(loadBillingConfig({}).STRIPE_SECRET_KEY).toBeUndefined();
  });

  it('refuses to start in production without Stripe, naming each missing variable', () => {
    expect(() => loadBillingConfig({ NODE_ENV: 'production' })).toThrow(
      /STRIPE_SECRET_KEY: is required in production[\s\S]*STRIPE_WEBHOOK_SECRET: is required in production/,
    );
    expect(() => loadBillingConfig({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: is required/,
    );
  });

  it('starts in production with both Stripe keys, or with the explicit demo opt-in LOCAL_PAYMENTS=allow', () => {
    expect(
      loadBillingConfig({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).STRIPE_SECRET_KEY,
    ).toBe('sk_live_x');
    expect(loadBillingConfig({ NODE_ENV: 'production', LOCAL_PAYMENTS: 'allow' }).LOCAL_PAYMENTS).toBe('allow');
    expect(() => loadBillingConfig({ NODE_ENV: 'production', LOCAL_PAYMENTS: 'yes' })).toThrow(/LOCAL_PAYMENTS/);
  });
});
