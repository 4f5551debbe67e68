import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BILLING, EVENTS, type Asset } from '@printloom/contracts';
import { RpcClient, connectNats, publishEvent, type NatsConnection } from '@printloom/service-kit';
import { freePort, prepareTestStreams, startAuthenticatedNatsServer, waitFor } from '@printloom/service-kit/testing';
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

// The streams are the migration step's (the `migrate` NATS user): a service whose stream is missing
// does not make it (its user may not) but waits, not ready, and goes on once the step has run.
describe('a service started before the migration step made its streams', () => {
  let system: TestSystem;
  const connections: NatsConnection[] = [];

  beforeAll(async () => {
    system = await startTestSystem({ services: [], nats: await startAuthenticatedNatsServer({ streams: false }), streams: false });
  });

  afterAll(async () => {
    await Promise.allSettled(connections.map((nc) => nc.close()));
    await system?.close();
  });

  it('reports not ready while EVENTS is missing, then becomes ready and consumes once the migrate step creates it', async () => {
    const healthPort = await freePort();
    const starting = system.startInstance('billing', { HEALTH_PORT: String(healthPort) });
    const readiness = async () => {
      const response = await fetch(`http://127.0.0.1:${healthPort}/health/ready`);
      return { status: response.status, body: (await response.json()) as { checks: Record<string, string> } };
    };
    await waitFor(async () => (await readiness()).status === 503, { what: 'billing answering not ready', retryOn: () => true });
    // still waiting a while later: it retries, and creates nothing itself
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await readiness()).toEqual({
      status: 503,
      body: expect.objectContaining({
        checks: expect.objectContaining({ background: expect.stringMatching(/waiting for the streams EVENTS/) }),
      }),
    });

    await prepareTestStreams(system.nats);
    await starting;
    await waitFor(async () => (await readiness()).status === 200, { what: 'billing ready' });

    // and its consumer reads what auth sends: the trial of a verified user, asked for as the gateway
    const credentials = system.nats.credentials!;
    const auth = await connectNats(system.nats.url, 'auth-test', credentials.auth);
    const gateway = await connectNats(system.nats.url, 'gateway-test', credentials.gateway);
    connections.push(auth, gateway);
    const userId = randomUUID();
    await publishEvent(auth, EVENTS.userVerified, { userId, email: `late-${userId}@example.com`, at: new Date().toISOString() }, userId);
    const rpc = new RpcClient(gateway);
    await waitFor(async () => (await rpc.request(BILLING.accountSummary, { userId })).credits === 10, { what: 'the trial credits' });
    expect(system.nats.violations?.()).toEqual([]);
  });
});
