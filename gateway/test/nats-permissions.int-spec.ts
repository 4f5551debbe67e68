import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Asset } from '@printloom/contracts';
import { startAuthenticatedNatsServer, waitFor } from '@printloom/service-kit/testing';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';
import { SmtpInbox } from './support/smtp-inbox.js';

// The whole system on a nats-server that admits only the apps' own users, each allowed only what
// packages/contracts/src/nats-access.ts derives for it (as in containers): a seller's day still works,
// including the JetStream parts (the events stream that grants trial credits, generation's work queue).
describe('the whole system under the generated NATS permissions', () => {
  let system: TestSystem;
  let inbox: SmtpInbox;

  beforeAll(async () => {
    inbox = new SmtpInbox();
    const smtpUrl = await inbox.start();
    system = await startTestSystem({
      services: ['auth', 'billing', 'notifications', 'assets', 'generation'],
      nats: await startAuthenticatedNatsServer(),
      env: { SMTP_URL: smtpUrl, MAIL_POLL_MS: '100', MAIL_RETRY_BASE_MS: '200', LOCAL_RENDER_SCALE: '0.05', GENERATION_CONCURRENCY: '1' },
    });
  });

  afterAll(async () => {
    await system?.close();
    await inbox?.stop();
  });

  it('signs up, generates, lists, stars and downloads', async () => {
    // sign-up mails its code through notifications; verifying announces on EVENTS, billing grants the trial
    const { client } = await createSignedInUser(system, 'permitted@example.com', { inbox, trialCredits: true });

    const submitted = await client.post<{ jobId: string }>('/api/generate', {
      prompt: "a fox in a canoe, 'Paddle On' in retro letters",
      options: { transparent: true, dark: false },
    });
    expect(submitted.status).toBe(200);
    await waitFor(
      async () => (await client.get<{ job: { status: string } }>(`/api/jobs/${submitted.body.jobId}`)).body.job.status === 'succeeded',
      {
        what: 'the job to succeed',
      },
    );
    expect((await client.get<{ credits: number }>('/api/auth/me')).body.credits).toBe(9);

    const { assets } = (await client.get<{ assets: Asset[] }>('/api/assets')).body;
    expect(assets.map((asset) => asset.variant).sort()).toEqual(['A', 'B', 'C', 'D']);

    const starred = await client.patch<{ asset: Asset }>(`/api/assets/${assets[0].id}/star`);
    expect(starred.body.asset.starred).toBe(true);
    // the library broadcast reached the gateway: its cached list shows the star at once
    expect((await client.get<{ assets: Asset[] }>('/api/assets?starred=true')).body.assets.map((asset) => asset.id)).toEqual([
      assets[0].id,
    ]);

    const file = await fetch(`${system.baseUrl}/api/download/${assets[0].id}`, { headers: { cookie: client.cookieHeader } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(0);
    // nothing any app did on the way was refused by the server
    expect(system.nats.violations?.()).toEqual([]);
  });
});
