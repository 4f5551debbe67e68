import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '@printloom/service-kit/config';
import { loadPublishingConfig } from './config.js';

// Issue 40: production also needs a PUBLIC_URL Printify can fetch print files from.
const production = {
  NODE_ENV: 'production',
  NATS_USER: 'publishing',
  NATS_PASSWORD: 'x'.repeat(40),
  PUBLIC_URL: 'https://printloom.example.com',
};
const key = (id: string) => `${id}:${randomBytes(32).toString('base64')}`;

describe('the publishing configuration', () => {
  it('refuses to start in production without CONNECTIONS_KEY, naming it', () => {
    expect(() => loadPublishingConfig(production)).toThrow(ConfigError);
    expect(() => loadPublishingConfig(production)).toThrow(/CONNECTIONS_KEY/);
  });

  it('refuses the local shop in production', () => {
    expect(() => loadPublishingConfig({ ...production, CONNECTIONS_KEY: key('k1'), LOCAL_SHOP: 'true' })).toThrow(/LOCAL_SHOP/);
  });

  it('reads the keys in order (the first seals new tokens) and refuses a malformed one', () => {
    const config = loadPublishingConfig({ ...production, CONNECTIONS_KEY: `${key('k2')},${key('k1')}` });
    expect(config.connectionKeys.map((each) => each.id)).toEqual(['k2', 'k1']);
    expect(() => loadPublishingConfig({ ...production, CONNECTIONS_KEY: 'k1:short' })).toThrow(/CONNECTIONS_KEY: key k1 must be 32 bytes/);
  });

  it('refuses a PUBLIC_URL Printify cannot fetch print files from in production (http, localhost, an IP), not elsewhere', () => {
    const keyed = { ...production, CONNECTIONS_KEY: key('k1') };
    expect(() => loadPublishingConfig({ ...keyed, PUBLIC_URL: 'http://printloom.example.com' })).toThrow(
      /PUBLIC_URL: must start with https/,
    );
    expect(() => loadPublishingConfig({ ...keyed, PUBLIC_URL: undefined })).toThrow(/PUBLIC_URL: .*localhost/);
    expect(() => loadPublishingConfig({ ...keyed, PUBLIC_URL: 'https://10.0.0.5' })).toThrow(/PUBLIC_URL: .*IP address/);
    expect(loadPublishingConfig(keyed).PUBLIC_URL).toBe('https://printloom.example.com');
    expect(loadPublishingConfig({ PUBLIC_URL: 'http://localhost:8080' }).PUBLIC_URL).toBe('http://localhost:8080');
  });

  it('serves with a development key outside production, and Printify by default', () => {
    const config = loadPublishingConfig({});
    expect(config.connectionKeys.map((each) => each.id)).toEqual(['dev']);
    expect(config.PRINTIFY_API_BASE).toBe('https://api.printify.com/v1');
    expect(config.LOCAL_SHOP).toBe(false);
    expect(config.PRINTIFY_PRODUCT_URL).toBe('https://printify.com/app/product-details/{id}');
  });
});
