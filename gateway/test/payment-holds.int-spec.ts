import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import Stripe from 'stripe';
import { MESSAGES, type Batch } from '@printloom/contracts';
import type { RunningService } from '@printloom/service-kit';
import { waitFor } from '@printloom/service-kit/testing';
import { startTestSystem, type TestSystem } from './support/test-system.js';
import { createSignedInUser } from './support/sessions.js';
import { StripeStandIn } from './support/stripe-stand-in.js';
import type { TestClient } from './support/http.js';
import { loadGenerationConfig } from '../../services/generation/src/config.js';
import { startGenerationService } from '../../services/generation/src/start.js';
import { releaseHoldCommand } from '../../services/billing/src/operator/commands.js';

jest.setTimeout(120_000);

const WEBHOOK_SECRET = 'whsec_test_secret';
type BatchBody = { batch: Batch };

/**
 * A refund through Stripe's signed webhook while a batch holds the credits it bought: the batch's
 * reservation is cut, the batch stops with its reason and gives nothing back to the refunded pack, and
 * the account is on hold (403 ACCOUNT_ON_HOLD on generate and batch) until the operator's release-hold.
 */
describe('payment reversals hold the account and stop its batches (gateway, billing, generation, Stripe stand-in)', () => {
  let system: TestSystem;
  let generation: RunningService | undefined;
  const stripe = new StripeStandIn();
  const signer = new Stripe('sk_test_signer');

  async function sendWebhook(type: string, object: Record<string, unknown>) {
    const payload = JSON.stringify({ id: `evt_${randomUUID()}`, object: 'event', type, data: { object } });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const response = await fetch(`${system.baseUrl}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    expect(response.status).toBe(200);
  }
  /** A paid top-up Checkout (as in stripe.int-spec.ts): the session Stripe holds, paid by payment intent `pi`. */
  async function paidTopup(userId: string, topupId: string, pi: string) {
    const id = `cs_${pi}`;
    const session = {
      id,
      object: 'checkout.session' as const,
      mode: 'payment',
      client_reference_id: userId,
      metadata: { userId, topupId },
    };
    stripe.sessions.set(id, { ...session, payment_intent: pi, status: 'complete' });
    await sendWebhook('checkout.session.completed', { ...session, payment_status: 'paid', payment_intent: pi });
  }
  const credits = async (client: TestClient) => (await client.get<{ credits: number }>('/api/auth/me')).body.credits;
  const packRemaining = async (pi: string) => {
    const [lot] = await system.services.billing!.infra.dataSource.query(
      `SELECT credits_remaining AS remaining FROM billing.credit_lots WHERE source_ref LIKE '%' || $1`,
      [`cs_${pi}`],
    );
    return lot.remaining as number;
  };
  async function startGeneration(feedIntervalMs: string) {
    await generation?.close();
    generation = await startGenerationService(
      loadGenerationConfig({
        ...system.env,
        LOCAL_RENDER_SCALE: '0.05',
        GENERATION_CONCURRENCY: '1',
        BATCH_FEED_INTERVAL_MS: feedIntervalMs,
      }),
    );
  }

  beforeAll(async () => {
    await stripe.start();
    system = await startTestSystem({
      services: ['auth', 'billing', 'assets'],
      env: { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stripe.url },
    });
    // Answers requests, does not feed yet: the batch's rows wait while the refund arrives.
    await startGeneration('3600000');
  });

  afterAll(async () => {
    await generation?.close();
    await system?.close();
    await stripe.stop();
  });

  it('a refund cuts the credits a batch holds, stops it with its reason, returns nothing to the pack, and holds the account until released', async () => {
    const { client, userId } = await createSignedInUser(system, 'refund-batch@example.com');
    await paidTopup(userId, 'boost-25', 'pi_batch');
    expect(await credits(client)).toBe(25);
    const started = await client.post<BatchBody>('/api/batches', { template: 'a proud {value}', values: ['Nurse', 'Teacher', 'Pilot'] });
    expect(started.status).toBe(201);
    const batchId = started.body.batch.id;
    expect(await credits(client)).toBe(22);

    stripe.addCharge('ch_batch', 'pi_batch', 499, null, 499);
    await sendWebhook('charge.refunded', {
      id: 'ch_batch',
      object: 'charge',
      amount: 499,
      amount_refunded: 499,
      payment_intent: 'pi_batch',
    });
    expect(await credits(client)).toBe(0);

    // The feeder's split is refused: the rows not fed are cancelled, the batch says why, nothing comes back.
    await startGeneration('200');
    await waitFor(async () => (await client.get<BatchBody>(`/api/batches/${batchId}`)).body.batch.status !== 'running', {
      what: 'the batch to stop',
    });
    const stopped = (await client.get<BatchBody>(`/api/batches/${batchId}`)).body.batch;
    expect(stopped).toMatchObject({ status: 'cancelled', stopReason: 'payment_reversed', counts: { cancelled: 3, waiting: 0, total: 3 } });
    await waitFor(
      async () =>
        (
          await system.services.billing!.infra.dataSource.query(
            `SELECT 1 FROM billing.reservations WHERE user_id = $1 AND reason = 'batch' AND status = 'released'`,
            [userId],
          )
        ).length === 1,
      { what: 'the batch reservation released' },
    );
    expect(await packRemaining('pi_batch')).toBe(0);
    expect(await credits(client)).toBe(0);
    const listed = await client.get<{ batches: Array<{ id: string; stopReason: string | null }> }>('/api/batches');
    expect(listed.body.batches.find((batch) => batch.id === batchId)?.stopReason).toBe('payment_reversed');

    // On hold: credits bought later cannot be reserved, for a single design or a batch.
    await paidTopup(userId, 'boost-25', 'pi_after');
    expect(await credits(client)).toBe(25);
    const onHold = { status: 403, body: { code: 'FORBIDDEN', reason: 'ACCOUNT_ON_HOLD', error: MESSAGES.accountOnHold } };
    expect(await client.post('/api/generate', { prompt: 'a cat astronaut' })).toMatchObject(onHold);
    expect(await client.post('/api/batches', { template: 'a proud {value}', values: ['Nurse'] })).toMatchObject(onHold);
    expect(await credits(client)).toBe(25);

    // The operator's release-hold: the account creates again.
    expect(await releaseHoldCommand({ dataSource: system.services.billing!.infra.dataSource }, userId)).toContain('hold released');
    expect((await client.post<BatchBody>('/api/batches', { template: 'a proud {value}', values: ['Nurse'] })).status).toBe(201);
    expect((await client.post('/api/generate', { prompt: 'a cat astronaut' })).status).toBe(200);
  });
});
