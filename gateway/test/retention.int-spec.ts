import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LIMITS } from '@printloom/contracts';
import { waitFor } from '@printloom/service-kit/testing';
import { startTestSystem, type TestSystem } from './support/test-system.js';

// The services' own sweepers, at a fast interval, against real rows: personal data kept only as long as needed.
describe('retention sweepers (real PostgreSQL and NATS)', () => {
  let system: TestSystem;
  const auth = () => system.services.auth!.infra.dataSource;
  const notifications = () => system.services.notifications!.infra.dataSource;

  beforeAll(async () => {
    system = await startTestSystem({
      services: ['auth', 'notifications'],
      env: { AUTH_SWEEP_INTERVAL_MS: '200', OUTBOX_SWEEP_INTERVAL_MS: '200', SMTP_URL: 'smtp://127.0.0.1:9', MAIL_POLL_MS: '3600000' },
    });
  }, 60_000);

  afterAll(async () => {
    await system?.close();
  }, 30_000);

  it('auth purges expired sessions and spent codes, keeping live ones', async () => {
    const [user] = await auth().query(`INSERT INTO auth.users (email, verified_at) VALUES ('kept@example.com', now()) RETURNING id`);
    const [other] = await auth().query(`INSERT INTO auth.users (email) VALUES ('pending@example.com') RETURNING id`);
    const [third] = await auth().query(`INSERT INTO auth.users (email) VALUES ('locked@example.com') RETURNING id`);
    await auth().query(
      `INSERT INTO auth.sessions (user_id, token_hash, expires_at) VALUES ($1, 'expired-hash', now() - interval '1 minute'), ($1, 'live-hash', now() + interval '1 day')`,
      [user.id],
    );
    await auth().query(
      `INSERT INTO auth.codes (user_id, purpose, code_hash, attempts, expires_at) VALUES
         ($1, 'reset-password', 'expired', 0, now() - interval '1 minute'),
         ($2, 'verify-email', 'live', 1, now() + interval '10 minutes'),
         ($3, 'verify-email', 'exhausted', $4, now() + interval '10 minutes')`,
      [user.id, other.id, third.id, LIMITS.codeMaxAttempts],
    );
    await waitFor(async () => (await auth().query(`SELECT 1 FROM auth.sessions WHERE token_hash = 'expired-hash'`)).length === 0);
    await waitFor(async () => (await auth().query(`SELECT 1 FROM auth.codes WHERE code_hash IN ('expired', 'exhausted')`)).length === 0);
    expect(await auth().query(`SELECT token_hash FROM auth.sessions`)).toEqual([{ token_hash: 'live-hash' }]);
    expect(await auth().query(`SELECT code_hash FROM auth.codes`)).toEqual([{ code_hash: 'live' }]);
  }, 30_000);

  it('notifications blank sent bodies after 24 hours and delete finished rows after 30 days', async () => {
    const row = (key: string, status: string, sentHoursAgo: number | null, createdDaysAgo: number) =>
      notifications().query(
        `INSERT INTO notifications.outbox (key, recipient, subject, text_body, html_body, status, sent_at, created_at, next_attempt_at)
         VALUES ($1, 'seller@example.com', 'Your code', 'Your code is 123456', '<p>123456</p>', $2,
                 CASE WHEN $3::int IS NULL THEN NULL ELSE now() - make_interval(hours => $3::int) END, now() - make_interval(days => $4), now() + interval '1 day')`,
        [key, status, sentHoursAgo, createdDaysAgo],
      );
    await row('sent-yesterday', 'sent', 25, 1);
    await row('sent-now', 'sent', 1, 0);
    await row('pending', 'pending', null, 2);
    await row('old-sent', 'sent', 24 * 40, 40);
    await row('old-failed', 'failed', null, 40);
    await waitFor(async () => (await notifications().query(`SELECT 1 FROM notifications.outbox WHERE key LIKE 'old-%'`)).length === 0);
    await waitFor(
      async () =>
        (await notifications().query(`SELECT text_body FROM notifications.outbox WHERE key = 'sent-yesterday'`))[0].text_body === '',
    );
    const rows = await notifications().query(`SELECT key, text_body, html_body, subject FROM notifications.outbox ORDER BY key`);
    expect(rows).toEqual([
      { key: 'pending', text_body: 'Your code is 123456', html_body: '<p>123456</p>', subject: 'Your code' },
      { key: 'sent-now', text_body: 'Your code is 123456', html_body: '<p>123456</p>', subject: 'Your code' },
      { key: 'sent-yesterday', text_body: '', html_body: '', subject: 'Your code' },
    ]);
    const metrics = await system.services.notifications!.infra.metrics.registry.metrics();
    expect(metrics).toMatch(/printloom_sweeper_items_total\{[^}]*sweeper="outbox-retention"[^}]*item="blanked_bodies"[^}]*\} [1-9]/);
  }, 30_000);
});
