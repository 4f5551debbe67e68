import { describe, expect, it } from '@jest/globals';
import { toCheckoutSession } from './checkout.repository.js';
import { toCreditLot, toReservation } from './ledger.repository.js';
import { toSubscription, type SubscriptionRow } from './subscription.repository.js';

const snakeKeys = (value: object) => Object.keys(value).filter((key) => key.includes('_'));

describe('billing repositories answer with camelCase domain objects', () => {
  const row: SubscriptionRow = {
    user_id: 'u1',
    plan_id: 'creator',
    status: 'active',
    current_period_start: new Date('2026-11-01T00:00:00Z'),
    current_period_end: new Date('2026-12-01T00:00:00Z'),
    cancel_at_period_end: false,
    stripe_customer_id: null,
    stripe_subscription_id: 'sub_1',
    scheduled_plan_id: null,
  };

  it('maps a subscription row, from a SELECT or from row_to_json (string dates)', () => {
    const expected = {
      userId: 'u1',
      planId: 'creator',
      status: 'active',
      currentPeriodStart: new Date('2026-11-01T00:00:00Z'),
      currentPeriodEnd: new Date('2026-12-01T00:00:00Z'),
      cancelAtPeriodEnd: false,
      stripeCustomerId: null,
      stripeSubscriptionId: 'sub_1',
      scheduledPlanId: null,
    };
    expect(toSubscription(row)).toEqual(expected);
    const json = JSON.parse(JSON.stringify(row)) as SubscriptionRow;
    expect(toSubscription(json)).toEqual(expected);
    expect(snakeKeys(toSubscription(row))).toEqual([]);
  });

  it('maps lots, reservations and checkout sessions', () => {
    expect(toCreditLot({ id: 'l1', kind: 'trial', remaining: 3, expires_at: null })).toEqual({
      id: 'l1',
      kind: 'trial',
      remaining: 3,
      expiresAt: null,
    });
    expect(toReservation({ id: 'r1', user_id: 'u1', amount: 2, status: 'held' })).toEqual({
      id: 'r1',
      userId: 'u1',
      amount: 2,
      status: 'held',
    });
    expect(
      toCheckoutSession({ id: 'c1', user_id: 'u1', kind: 'plan_change', item_id: 'studio', from_plan_id: 'creator', status: 'open' }),
    ).toEqual({
      id: 'c1',
      userId: 'u1',
      kind: 'plan_change',
      itemId: 'studio',
      fromPlanId: 'creator',
      status: 'open',
    });
  });
});
