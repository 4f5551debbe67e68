import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { EDGE_TIMEOUT_MS, TIME_BUDGETS } from './time-budgets.js';
import { ROUTES } from './routes.js';

describe('time budgets', () => {
  it('nest each layer inside the one above: provider < service < gateway < edge', () => {
    for (const [name, budget] of Object.entries(TIME_BUDGETS)) {
      const layers = [('provider' in budget ? budget.provider : 0) as number, budget.service, budget.gateway, EDGE_TIMEOUT_MS];
      for (let i = 1; i < layers.length; i += 1)
        expect({ name, layer: i, inner: layers[i - 1], outer: layers[i], ok: layers[i - 1] < layers[i] }).toMatchObject({ ok: true });
    }
  });

  it('match the nginx timeouts of /api', () => {
    const conf = readFileSync(fileURLToPath(new URL('../../../infra/nginx/default.conf', import.meta.url)), 'utf8');
    const api = conf.slice(conf.indexOf('location /api/'));
    const seconds = (directive: string) => Number(new RegExp(`${directive}\\s+(\\d+)s;`).exec(api)?.[1]);
    expect(seconds('proxy_read_timeout') * 1000).toBe(EDGE_TIMEOUT_MS);
    expect(seconds('proxy_send_timeout') * 1000).toBe(EDGE_TIMEOUT_MS);
  });

  it('are named by the long-running routes', () => {
    const budgeted = ROUTES.filter((route) => route.kind === 'rpc' && route.timeBudget).map((route) => `${route.method} ${route.path}`);
    expect(budgeted.sort()).toEqual(
      [
        'POST /api/assets/:id/remove-background',
        'POST /api/assets/:id/upscale',
        'POST /api/assets/:id/listing',
        // the first request for a design's mockups makes them
        'GET /api/assets/:id/mockups',
      ].sort(),
    );
  });
});
