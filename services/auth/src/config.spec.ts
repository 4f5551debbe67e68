import { describe, expect, it } from '@jest/globals';
import { DEVELOPMENT_SECRETS } from '@printloom/service-kit/config';
import { loadAuthConfig } from './config.js';

const PUBLIC_URL = 'https://printloom.example.com';
const LONG_RANDOM = 'v8Jq3kP0s7XbZ2mN4rT6wY9aC1eG5iL8oQ-uR';
const PRODUCTION = { NODE_ENV: 'production', SESSION_SECRET: LONG_RANDOM };

describe('auth configuration', () => {
  it('runs in development with no settings at all', () => {
    expect(loadAuthConfig({}).SESSION_SECRET).toBe(DEVELOPMENT_SECRETS[0]);
  });

  it('refuses to start in production without a SESSION_SECRET, naming it', () => {
    expect(() => loadAuthConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET: is required in production/);
  });

  it('refuses a short SESSION_SECRET in production', () => {
    expect(() => loadAuthConfig({ NODE_ENV: 'production', PUBLIC_URL, SESSION_SECRET: 'only-twenty-chars-xx' })).toThrow(
      /SESSION_SECRET: must be at least 32 characters/,
    );
  });

  it('refuses every SESSION_SECRET written in the repository in production', () => {
    for (const secret of DEVELOPMENT_SECRETS) {
      expect(() => loadAuthConfig({ NODE_ENV: 'production', PUBLIC_URL, SESSION_SECRET: secret })).toThrow(
        /SESSION_SECRET: .*(development value|at least 32)/,
      );
    }
  });

  it('starts in production with a long secret of its own', () => {
    expect(loadAuthConfig({ NODE_ENV: 'production', PUBLIC_URL, SESSION_SECRET: LONG_RANDOM }).SESSION_SECRET).toBe(LONG_RANDOM);
  });

  it('refuses to start in production with a PUBLIC_URL its links cannot use (localhost, http, an IP address)', () => {
    for (const address of ['http://localhost:8080', 'http://printloom.example.com', 'https://203.0.113.7'])
      expect(() => loadAuthConfig({ ...PRODUCTION, PUBLIC_URL: address })).toThrow(/PUBLIC_URL: /);
    expect(loadAuthConfig({ ...PRODUCTION, PUBLIC_URL }).PUBLIC_URL).toBe(PUBLIC_URL);
  });
});
