import { describe, expect, it } from '@jest/globals';
import { PLANS, PRIORITY_TIERS, TRIAL_ENTITLEMENTS, creditsPaidFor, findPlan, planPricePerCreditCents } from './plans.js';

describe('queue priority (Creator and above jump the queue, Studio highest)', () => {
  const tierOf = (id: string) => findPlan(id)!.priorityTier;

  it('puts the trial and Starter in the standard tier', () => {
    expect(TRIAL_ENTITLEMENTS.priorityTier).toBe(PRIORITY_TIERS.standard);
    expect(tierOf('starter')).toBe(PRIORITY_TIERS.standard);
  });

  it('gives Creator and Pro the priority queue, above the standard tier', () => {
    expect(tierOf('creator')).toBe(PRIORITY_TIERS.priority);
    expect(tierOf('pro')).toBe(PRIORITY_TIERS.priority);
    expect(PRIORITY_TIERS.priority).toBeGreaterThan(PRIORITY_TIERS.standard);
  });

  it('serves Studio highest, above every other plan', () => {
    const others = PLANS.filter((plan) => plan.id !== 'studio').map((plan) => plan.priorityTier);
    expect(tierOf('studio')).toBe(PRIORITY_TIERS.highest);
    expect(Math.max(...others)).toBeLessThan(tierOf('studio'));
  });
});

describe('credits an amount paid towards a plan buys (plan changes)', () => {
  it("is floor(amount ÷ the plan's price per credit)", () => {
    // Starter → Creator at the start of a period: $5.00 paid at Creator's 6.66¢ a credit buys 75, not 100.
    expect(creditsPaidFor(findPlan('creator')!, 500)).toBe(75);
    expect(creditsPaidFor(findPlan('studio')!, 2500)).toBe(500);
    expect(creditsPaidFor(findPlan('pro')!, 2499)).toBe(400);
    expect(creditsPaidFor(findPlan('pro')!, 2498)).toBe(399);
  });

  it('never buys more than the amount covers at the price per credit, and nothing for nothing', () => {
    for (const plan of PLANS)
      for (const amount of [1, 7, 99, 333, 1234, 4999]) {
        const credits = creditsPaidFor(plan, amount);
        expect(credits * planPricePerCreditCents(plan)).toBeLessThanOrEqual(amount + 1e-9);
        expect((credits + 1) * planPricePerCreditCents(plan)).toBeGreaterThan(amount);
      }
    expect(creditsPaidFor(findPlan('creator')!, 0)).toBe(0);
    expect(creditsPaidFor(findPlan('creator')!, -500)).toBe(0);
  });
});
