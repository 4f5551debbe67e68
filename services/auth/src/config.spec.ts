import { describe, expect, it } from '@jest/globals';
import { DEVELOPMENT_SECRETS } from '@printloom/service-kit';
import { loadAuthConfig } from './config.js';

const LONG_RANDOM = 'v8Jq3kP0s7XbZ2mN4rT6wY9aC1eG5iL8oQ-uR';

describe('auth configuration', () => {
  it('runs in development with no settings at all', () => {
    expect(loadAuthConfig({}).SESSION_SECRET).toBe(DEVELOPMENT_SECRETS[0]);
  });

  it('refuses to start in production without a SESSION_SECRET, naming it', () => {
    expect(() => loadAuthConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET: is required in production/);
  });

  it('refuses a short SESSION_SECRET in production', () => {
    expect(() => loadAuthConfig({ NODE_ENV: 'production', SESSION_SECRET: 'only-twenty-chars-xx' })).toThrow(
      /SESSION_SECRET: must be at least 32 characters/,
    );
  });

  it('refuses every SESSION_SECRET written in the repository in production', () => {
    for (const secret of DEVELOPMENT_SECRETS) {
      expect(() => loadAuthConfig({ NODE_ENV: 'production', SESSION_SECRET: secret })).toThrow(
        /SESSION_SECRET: .*(development value|at least 32)/,
      );
    }
  });

  it('starts in production with a long secret of its own', () => {
    expect(loadAuthConfig({ NODE_ENV: 'production', SESSION_SECRET: LONG_RANDOM }).SESSION_SECRET).toBe(LONG_RANDOM);
  });
});
