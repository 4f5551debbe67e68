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
    expect(() => loadGatewayConfig({ PUBLIC_URL: 'ftp://example.com' })).toThrow(/PUBLIC_URL: must be a URL starting with http:\/\/ or https:\/\//);
    expect(() => loadGatewayConfig({ NATS_URL: 'not a url' })).toThrow(/NATS_URL/);
  });

  it('reads the extra allowed origins as a list', () => {
    expect(loadGatewayConfig({ ALLOWED_ORIGINS: 'http://localhost:5173, http://127.0.0.1:5173' }).ALLOWED_ORIGINS).toEqual(['http://localhost:5173', 'http://127.0.0.1:5173']);
  });
});
