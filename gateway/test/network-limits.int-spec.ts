import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { TestClient } from './support/http.js';
import { SmtpInbox } from './support/smtp-inbox.js';

/** Per-address limits count an IPv6 /64 as one address: a subscriber rotating through its /64 is one sender. */
describe('per-address limits group IPv6 by /64 (real PostgreSQL, NATS and SMTP)', () => {
  let system: TestSystem;
  let inbox: SmtpInbox;

  beforeAll(async () => {
    inbox = new SmtpInbox();
    const smtpUrl = await inbox.start();
    system = await startTestSystem({
      services: ['auth', 'notifications'],
      env: { SMTP_URL: smtpUrl, MAIL_POLL_MS: '100', TRUST_PROXY: '1', SUPPORT_EMAIL: 'help@printloom.test' },
    });
  });

  afterAll(async () => {
    await system?.close();
    await inbox?.stop();
  });

  /** A request as nginx forwards it from `ip` (TRUST_PROXY=1: the last hop is the client). */
  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  it('rate-limits sign-ups per /64 however the address rotates within it; the next /64 is another address', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 11; i += 1) {
      const response = await new TestClient(system.baseUrl).post(
        '/api/auth/signup',
        { email: `rotating${i}@example.com`, password: 'correct horse battery' },
        from(`2001:db8:5:6:${i.toString(16)}::${i.toString(16)}`),
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...new Array(10).fill(200), 429]);
    const neighbour = await new TestClient(system.baseUrl).post(
      '/api/auth/signup',
      { email: 'neighbour@example.com', password: 'correct horse battery' },
      from('2001:db8:5:7::1'),
    );
    expect(neighbour.status).toBe(200);
  });

  it('meters support messages per /64 too, and an IPv4-mapped address as its IPv4 address', async () => {
    const message = (email: string) => ({ type: 'support', email, subject: 'Help', message: 'Where is my ZIP?' });
    const statuses: number[] = [];
    for (let i = 1; i <= 11; i += 1)
      statuses.push(
        (await new TestClient(system.baseUrl).post('/api/support', message(`v6-${i}@example.com`), from(`2001:db8:9::${i}`))).status,
      );
    expect(statuses).toEqual([...new Array(10).fill(200), 429]);

    const mapped: number[] = [];
    for (let i = 1; i <= 10; i += 1)
      mapped.push((await new TestClient(system.baseUrl).post('/api/support', message(`v4-${i}@example.com`), from('198.51.100.9'))).status);
    expect(mapped.every((status) => status === 200)).toBe(true);
    const viaMapped = await new TestClient(system.baseUrl).post(
      '/api/support',
      message('v4-mapped@example.com'),
      from('::ffff:198.51.100.9'),
    );
    expect(viaMapped.status).toBe(429);
  });
});
