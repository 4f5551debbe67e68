import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '@printloom/service-kit';
import { loadGatewayConfig } from './config.js';

describe('gateway configuration', () => {
  it('has working defaults for a native run', () => {
    const config = loadGatewayConfig({});
    expect(config).toMatchObject({ PORT: 8080, PUBLIC_URL: 'http://localhost:8080', NATS_URL: 'nats://127.0.0.1:4222' });
  });

  it('names the variable at fault', () => {
    expect(() => loadGatewayConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadGatewayConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadGatewayConfig({ PUBLIC_URL: 'ftp://example.com' })).toThrow(
      /PUBLIC_URL: must be a URL starting with http:\/\/ or https:\/\//,
    );
    expect(() => loadGatewayConfig({ NATS_URL: 'not a url' })).toThrow(/NATS_URL/);
  });

  it('reads the extra allowed origins as a list', () => {
    expect(loadGatewayConfig({ ALLOWED_ORIGINS: 'http://localhost:5173, http://127.0.0.1:5173' }).ALLOWED_ORIGINS).toEqual([
      'http://localhost:5173',
      'http://127.0.0.1:5173',
    ]);
  });

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses, never as "trust everyone"', () => {
    const trust = (value?: string) => loadGatewayConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY;
    expect(trust()).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('true')).toBe(1);
    expect(trust('10.0.0.0/8, 172.16.0.0/12,loopback')).toEqual(['10.0.0.0/8', '172.16.0.0/12', 'loopback']);
    expect(trust('fd00::/8')).toEqual(['fd00::/8']);
    expect(() => trust('everyone')).toThrow(/TRUST_PROXY: must be a hop count/);
    expect(() => trust('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
  });

  it('refuses to start in production with a PUBLIC_URL its links and cookies cannot use', () => {
    const production = { NODE_ENV: 'production', NATS_USER: 'gateway', NATS_PASSWORD: 'a-long-random-nats-password-0123456789' };
    expect(() => loadGatewayConfig({ ...production, PUBLIC_URL: 'http://localhost:8080' })).toThrow(/PUBLIC_URL: /);
    expect(loadGatewayConfig({ ...production, PUBLIC_URL: 'https://printloom.example.com' }).PUBLIC_URL).toBe(
      'https://printloom.example.com',
    );
  });
});
