import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { type RunningService } from '@printloom/service-kit';
import { waitFor } from '@printloom/service-kit/testing';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';
import { SmtpInbox } from './support/smtp-inbox.js';
import { TestClient } from './support/http.js';
import { loadGenerationConfig } from '../../services/generation/src/config.js';
import { startGenerationService } from '../../services/generation/src/start.js';

async function scrape(port: number): Promise<string> {
  return (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
}

/** The value of one sample, e.g. sample(text, 'printloom_credits_total', { movement: 'reserved' }). */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const line = text
    .split('\n')
    .find(
      (candidate) =>
        candidate.startsWith(`${name}{`) && Object.entries(labels).every(([key, value]) => candidate.includes(`${key}="${value}"`)),
    );
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('Prometheus metrics beyond the Node defaults (real services)', () => {
  let system: TestSystem;
  let worker: RunningService;
  const inbox = new SmtpInbox();

  beforeAll(async () => {
    const smtpUrl = await inbox.start();
    system = await startTestSystem({
      services: ['auth', 'billing', 'assets', 'notifications'],
      env: { SMTP_URL: smtpUrl, MAIL_POLL_MS: '100', BILLING_SWEEP_INTERVAL_MS: '200' },
    });
    worker = await startGenerationService(loadGenerationConfig({ ...system.env, LOCAL_RENDER_SCALE: '0.05' }));
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await system?.close();
    await inbox.stop();
  });

  it('counts HTTP by route and status, RPC round trips, jobs, credits, mails, queue depth and sweeps', async () => {
    const { client } = await createSignedInUser(system, 'metrics@example.com', { trialCredits: true });
    const { body } = await client.post<{ jobId: string }>('/api/generate', { prompt: "a whale in the clouds, 'Dream Big'" });
    await waitFor(
      async () => (await client.get<{ job: { status: string } }>(`/api/jobs/${body.jobId}`)).body.job.status === 'succeeded',
      30_000,
    );
    expect((await new TestClient(system.baseUrl).get('/api/jobs/00000000-0000-0000-0000-000000000000')).status).toBe(401);
    await new TestClient(system.baseUrl).post('/api/auth/signup', { email: 'metrics-mail@example.com', password: 'correct horse battery' });
    await inbox.waitFor('metrics-mail@example.com', /./);

    const gateway = await scrape(system.gateway.healthPort);
    expect(
      sample(gateway, 'printloom_http_request_duration_seconds_count', { method: 'GET', route: '/api/auth/me', status: '200' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(gateway, 'printloom_http_request_duration_seconds_count', { method: 'GET', route: '/api/jobs/:id', status: '401' })).toBe(
      1,
    );
    expect(sample(gateway, 'printloom_http_request_duration_seconds_bucket', { route: '/api/generate', status: '200', le: '+Inf' })).toBe(
      1,
    );
    expect(
      sample(gateway, 'printloom_rpc_client_duration_seconds_count', { subject: 'auth.session.resolve', outcome: 'ok' }),
    ).toBeGreaterThanOrEqual(1);

    const generation = await scrape(worker.healthPort);
    expect(sample(generation, 'printloom_generation_job_duration_seconds_count', { outcome: 'succeeded' })).toBe(1);
    expect(sample(generation, 'printloom_generation_queue_depth', { tier: '0', state: 'pending' })).toBe(0);
    expect(sample(generation, 'printloom_rpc_client_duration_seconds_count', { subject: 'billing.credits.commit', outcome: 'ok' })).toBe(1);

    const billing = await scrape(system.services.billing!.healthPort);
    expect(sample(billing, 'printloom_credits_total', { movement: 'reserved' })).toBe(1);
    expect(sample(billing, 'printloom_credits_total', { movement: 'committed' })).toBe(1);
    await waitFor(
      async () =>
        (sample(await scrape(system.services.billing!.healthPort), 'printloom_sweeper_runs_total', { sweeper: 'billing', outcome: 'ok' }) ??
          0) >= 1,
    );

    // The inbox has the mail as soon as SMTP accepts it; the worker counts it after marking it sent.
    await waitFor(
      async () => (sample(await scrape(system.services.notifications!.healthPort), 'printloom_mails_total', { outcome: 'sent' }) ?? 0) >= 1,
    );
  }, 90_000);
});
