import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestSystem, type TestSystem } from './support/test-system.js';

const EXPECTED_CSP =
  "default-src 'self'; script-src 'self' 'sha256-hIdwfq7Gk9OsRdVXiA3GBP92a0N9OB4XEQ9FC5EuDmE='; style-src 'self' 'unsafe-inline'; img-src 'self' blob: data:; " +
  "font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/** Directives in order, however they are spaced. */
const directives = (policy: string | null) =>
  (policy ?? '')
    .split(';')
    .map((directive) => directive.trim().replace(/\s+/g, ' '))
    .filter(Boolean);

describe('security headers on every gateway response', () => {
  let plain: TestSystem;
  let secure: TestSystem;

  beforeAll(async () => {
    const spa = mkdtempSync(path.join(os.tmpdir(), 'pl-spa-'));
    writeFileSync(path.join(spa, 'index.html'), '<!doctype html><title>Printloom</title>');
    plain = await startTestSystem({ services: [], env: { STATIC_DIR: spa } });
    secure = await startTestSystem({ services: [], env: { PUBLIC_URL: 'https://printloom.test' } });
  });

  afterAll(async () => {
    await plain?.close();
    await secure?.close();
  });

  it('sends the CSP, nosniff, the referrer policy and no framing on the API and on the SPA', async () => {
    for (const url of [`${plain.baseUrl}/api/health`, `${plain.baseUrl}/api/not-a-route`, `${plain.baseUrl}/generate`]) {
      const response = await fetch(url);
      expect(directives(response.headers.get('content-security-policy'))).toEqual(directives(EXPECTED_CSP));
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('strict-transport-security')).toBeNull(); // PUBLIC_URL is http
    }
  });

  it('adds HSTS when PUBLIC_URL is https', async () => {
    const response = await fetch(`${secure.baseUrl}/api/health`);
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });
});
