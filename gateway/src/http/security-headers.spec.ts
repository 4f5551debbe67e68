import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { contentSecurityPolicy, THEME_SCRIPT_HASH } from './security-headers.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('the security headers', () => {
  it('allow exactly the inline scripts of frontend/index.html (and of its build, when built), by hash', () => {
    const pages = ['frontend/index.html', 'frontend/dist/index.html'].filter((file) => existsSync(path.join(root, file)));
    for (const page of pages) {
      const inline = [...read(page).matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
      expect({ page, hashes: inline.map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`) }).toEqual({
        page,
        hashes: [THEME_SCRIPT_HASH],
      });
    }
    expect(contentSecurityPolicy()).toMatch(/script-src 'self' 'sha256-[^;]+'; /);
    expect(contentSecurityPolicy()).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('are the same in nginx (one shared include in every location that serves files)', () => {
    const include = read('infra/nginx/security-headers.conf');
    const csp = /add_header Content-Security-Policy "([^"]+)" always;/.exec(include)?.[1];
    expect(csp).toBe(contentSecurityPolicy());
    expect(include).toMatch(/add_header X-Content-Type-Options "nosniff" always;/);
    expect(include).toMatch(/add_header Referrer-Policy "strict-origin-when-cross-origin" always;/);
    const site = read('infra/nginx/default.conf');
    const locationsWithHeaders = site
      .split(/\n\s*location /)
      .slice(1)
      .filter((block) => /add_header/.test(block));
    expect(locationsWithHeaders.length).toBeGreaterThan(0);
    for (const block of locationsWithHeaders) expect(block).toContain('include /etc/nginx/security-headers.conf;');
    expect(read('infra/frontend.Dockerfile')).toContain('COPY infra/nginx/security-headers.conf /etc/nginx/security-headers.conf');
  });
});
