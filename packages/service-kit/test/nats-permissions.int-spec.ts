import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connect } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { AUTH, BILLING, BROADCASTS, EVENTS } from '@printloom/contracts';
import type { NatsLogin, NatsUser } from '@printloom/contracts/nats-access';
import { connectNats, type NatsConnection } from '../src/index.js';
import { startAuthenticatedNatsServer, type TestNats } from '../src/testing.js';

// A real nats-server with the generated authorization: each app's user may say only what its
// permissions allow (packages/contracts/src/nats-access.ts).
describe('nats-server with the generated permissions', () => {
  let nats: TestNats & { credentials: Record<NatsLogin, { user: NatsLogin; password: string }> };
  const connections: NatsConnection[] = [];

  async function as(user: NatsUser): Promise<NatsConnection> {
    const nc = await connectNats(nats.url, `${user}-permissions-test`, nats.credentials[user]);
    connections.push(nc);
    return nc;
  }

  /** Resolves with the server's permission error the connection reports next, or says none came within 5 s. */
  async function nextPermissionError(nc: NatsConnection): Promise<string> {
    const reported = (async () => {
      for await (const status of nc.status()) {
        const error = 'error' in status ? String(status.error) : '';
        if (/permissions violation/i.test(error)) return error;
      }
      return 'status ended';
    })();
    let timer: NodeJS.Timeout | undefined;
    const quiet = new Promise<string>((resolve) => (timer = setTimeout(() => resolve('no permission error within 5 s'), 5000)));
    return Promise.race([reported, quiet]).finally(() => clearTimeout(timer));
  }

  beforeAll(async () => {
    nats = await startAuthenticatedNatsServer();
  });

  afterAll(async () => {
    await Promise.allSettled(connections.map((nc) => nc.close()));
    await nats.stop();
  });

  it('admits no one without a user of its own, nor with a wrong password', async () => {
    await expect(connect({ servers: nats.url, reconnect: false })).rejects.toThrow(/authorization/i);
    await expect(connect({ servers: nats.url, user: 'auth', pass: 'guessed', reconnect: false })).rejects.toThrow(/authorization/i);
  });

  it('refuses a service that subscribes to a subject another service serves', async () => {
    const generation = await as('generation');
    const refused = nextPermissionError(generation);
    generation.subscribe(AUTH.sessionResolve);
    await expect(refused).resolves.toMatch(new RegExp(`subscription to "${AUTH.sessionResolve.replaceAll('.', '\\.')}"`, 'i'));
  });

  it("refuses a service that listens to another app's replies", async () => {
    const notifications = await as('notifications');
    const refused = nextPermissionError(notifications);
    notifications.subscribe('_INBOX.gateway.>');
    await expect(refused).resolves.toMatch(/subscription to "_INBOX\.gateway\.>"/i);
  });

  it('delivers a request from the app that requests it, and drops one from an app that does not', async () => {
    const auth = await as('auth');
    const received: string[] = [];
    auth.subscribe(AUTH.sessionResolve, {
      queue: 'auth',
      callback: (_error, msg) => {
        received.push(msg.string());
        msg.respond('{"response":{}}');
      },
    });
    await auth.flush();

    const gateway = await as('gateway');
    await expect(gateway.request(AUTH.sessionResolve, 'from-gateway', { timeout: 2000 })).resolves.toBeDefined();

    const generation = await as('generation');
    const refused = nextPermissionError(generation);
    generation.publish(AUTH.sessionResolve, 'from-generation');
    await expect(refused).resolves.toMatch(/publish to "auth\.session\.resolve"/i);
    await auth.flush();
    expect(received).toEqual(['from-gateway']);
  });

  it('lets only the sending service publish a broadcast, and only the gateway hear it', async () => {
    const assets = await as('assets');
    const refused = nextPermissionError(assets);
    assets.publish(BROADCASTS.sessionsRevoked, '{}');
    await expect(refused).resolves.toMatch(/publish to "auth\.sessions\.revoked"/i);

    const billing = await as('billing');
    const listening = nextPermissionError(billing);
    billing.subscribe(BROADCASTS.accountChanged);
    await expect(listening).resolves.toMatch(/subscription to "billing\.account\.changed"/i);
  });

  it('keeps the durable events to their sender: another service cannot forge "user verified"', async () => {
    const auth = await as('auth');
    await expect(jetstream(auth).publish(EVENTS.userVerified, '{}', { msgID: 'real' })).resolves.toMatchObject({ stream: 'EVENTS' });

    const notifications = await as('notifications');
    await expect(jetstream(notifications).publish(EVENTS.userVerified, '{}', { timeout: 1500 })).rejects.toThrow();
    // nor can a service request billing's credit moves it has no business with
    const refused = nextPermissionError(notifications);
    notifications.publish(BILLING.reserve, '{}');
    await expect(refused).resolves.toMatch(/publish to "billing\.credits\.reserve"/i);
  });
});
