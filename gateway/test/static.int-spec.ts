import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SAMPLE_GALLERY } from '@printloom/contracts/examples';
import { startTestSystem, type TestSystem } from './support/test-system.js';

describe('the built SPA served natively (STATIC_DIR)', () => {
  let system: TestSystem;
  let staticDir: string;
  const get = (route: string) => fetch(`${system.baseUrl}${route}`, { redirect: 'manual' });

  beforeAll(async () => {
    staticDir = mkdtempSync(path.join(os.tmpdir(), 'pl-static-'));
    writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Printloom</title>');
    mkdirSync(path.join(staticDir, 'assets'));
    writeFileSync(path.join(staticDir, 'assets/app-abc123.js'), 'console.log(1)');
    // A folder named like a client route, as the example images used to live in.
    mkdirSync(path.join(staticDir, 'examples'));
    const image = SAMPLE_GALLERY[0].images[0].src;
    mkdirSync(path.join(staticDir, path.dirname(image)), { recursive: true });
    writeFileSync(path.join(staticDir, image), 'webp');
    system = await startTestSystem({ services: [], env: { STATIC_DIR: staticDir } });
  });

  afterAll(async () => {
    await system?.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('answers /examples with the SPA itself, never a 301 to /examples/', async () => {
    const response = await get('/examples');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>Printloom</title>');
  });

  it('serves the example images outside client routes and outside the immutable /assets/ cache', async () => {
    const src = SAMPLE_GALLERY[0].images[0].src;
    expect(src.startsWith('/media/examples/')).toBe(true);
    const response = await get(src);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).not.toContain('immutable');
  });

  it('keeps the year-long immutable cache for hashed build assets', async () => {
    const response = await get('/assets/app-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
  });
});
