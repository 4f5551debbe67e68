import { describe, expect, it } from '@jest/globals';
import { PLANS, PRIORITY_TIERS, TRIAL_ENTITLEMENTS, findPlan } from './plans.js';

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
