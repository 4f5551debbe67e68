// What both drafts benches start and do alike (not a test): the services in this process against a fresh
// database and nats-server, as the integration tests run them, the local Printify-shaped shop, the
// gateway, an `api()` that calls it as the SPA does, and a Pro seller signed in through it.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, provisionTestServiceRoles, startNatsServer, testServiceEnv } from '@printloom/service-kit/testing';
import { loadAuthConfig } from '../../auth/dist/config.js';
import { startAuthService } from '../../auth/dist/start.js';
import { loadBillingConfig } from '../../billing/dist/config.js';
import { startBillingService } from '../../billing/dist/start.js';
import { loadAssetsConfig } from '../../assets/dist/config.js';
import { startAssetsService } from '../../assets/dist/start.js';
import { loadGenerationConfig } from '../../generation/dist/config.js';
import { startGenerationService } from '../../generation/dist/start.js';
import { loadListingsConfig } from '../../listings/dist/config.js';
import { startListingsService } from '../../listings/dist/start.js';
import { loadPublishingConfig } from '../dist/config.js';
import { startPublishingService } from '../dist/start.js';
import { startLocalShop } from '../dist/local-shop/local-shop.js';
import { loadGatewayConfig } from '../../../gateway/dist/config.js';
import { startGateway } from '../../../gateway/dist/start.js';

const ORIGIN = 'http://localhost:8080';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the system a bench drafts through. `mockupPollMs`: publishing's MOCKUP_POLL_MS; `name`: the
 * storage folder's prefix. `close()` stops everything and removes what it made.
 */
export async function startBenchSystem({ name, mockupPollMs }) {
  const nats = await startNatsServer();
  const database = await createTestDatabase();
  const urls = await provisionTestServiceRoles(database);
  const storageDir = mkdtempSync(path.join(os.tmpdir(), `pl-${name}-bench-`));
  const shop = await startLocalShop();
  const env = {
    ...Object.fromEntries(Object.entries(testServiceEnv(nats, database)).map(([k, v]) => [k, String(v)])),
    STORAGE_DRIVER: 'fs',
    STORAGE_DIR: storageDir,
    LOCAL_RENDER_SCALE: '1',
    GENERATION_CONCURRENCY: '2',
    PRINTIFY_API_BASE: shop.apiBase,
    LOCAL_SHOP: 'true',
    MOCKUP_POLL_MS: String(mockupPollMs),
  };
  const as = (service) => ({ ...env, DATABASE_URL: urls[service] });
  const services = [
    await startAuthService(loadAuthConfig(as('auth'))),
    await startBillingService(loadBillingConfig(as('billing'))),
    await startAssetsService(loadAssetsConfig(as('assets'))),
    await startGenerationService(loadGenerationConfig(as('generation'))),
    await startListingsService(loadListingsConfig(as('listings'))),
  ];
  const gateway = await startGateway(loadGatewayConfig({ ...env, PORT: '0', HOST: '127.0.0.1', PUBLIC_URL: ORIGIN }));
  services.push(await startPublishingService(loadPublishingConfig({ ...as('publishing'), PUBLIC_URL: gateway.url })));

  let cookie = '';
  async function api(method, url, body) {
    const response = await fetch(`${gateway.url}${url}`, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), origin: ORIGIN, cookie },
      body: body ? JSON.stringify(body) : undefined,
    });
    for (const line of response.headers.getSetCookie()) cookie = line.split(';')[0];
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : {};
  }

  /** A seller with a session (written into auth's tables), on the Pro plan through the local checkout; answers the user's id. */
  async function signInProSeller(email) {
    const authDb = services[0].infra.dataSource;
    const [user] = await authDb.query(`INSERT INTO auth.users (email, password_hash, verified_at) VALUES ($1, NULL, now()) RETURNING id`, [
      email,
    ]);
    const token = randomBytes(32).toString('base64url');
    await authDb.query(`INSERT INTO auth.sessions (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [
      user.id,
      createHash('sha256').update(token).digest('hex'),
    ]);
    cookie = `pl_session=${token}`;
    const checkout = await api('POST', '/api/stripe/checkout', { planId: 'pro' });
    await api('POST', `/api/checkout/local/${checkout.url.split('/').pop()}`, { action: 'pay' });
    return user.id;
  }

  /** Waits for a generation job to succeed (throws if it failed). */
  async function waitForJob(jobId) {
    for (;;) {
      const { job } = await api('GET', `/api/jobs/${jobId}`);
      if (job.status === 'succeeded') return;
      if (job.status === 'failed') throw new Error(`job ${jobId} failed`);
      await sleep(500);
    }
  }

  async function close() {
    await gateway.close();
    for (const service of [...services].reverse()) await service.close();
    await shop.close();
    await nats.stop();
    await database.drop();
    rmSync(storageDir, { recursive: true, force: true });
  }

  return { nats, shop, services, gateway, api, signInProSeller, waitForJob, close };
}
