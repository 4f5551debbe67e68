import { describe, expect, it } from 'vitest';
import { findPlan } from '@printloom/contracts/plans';
import { currentPlan, rolloverText, savingsTip, scheduledChange, trialCreditsLeft } from './billing-math';

describe('billing rules', () => {
  it('counts active, incomplete and trialing as subscribed; others are on the trial card', () => {
    expect(currentPlan({ status: 'trialing', planId: 'pro' })?.name).toBe('Pro');
    expect(currentPlan({ status: 'canceled', planId: 'pro' })).toBeUndefined();
    expect(currentPlan(null)).toBeUndefined();
  });

  it('states rollover and the plan-versus-top-up saving from the contracts', () => {
    expect(rolloverText(findPlan('studio')!)).toBe('50% of unused credits (up to 500)');
    expect(rolloverText(findPlan('starter')!)).toBe('No rollover');
    expect(savingsTip()).toBe('Starter works out at $0.10 per credit, against $0.20 for the smallest top-up.');
  });
});

describe('plan changes and trial credits', () => {
  it('counts trial credits out of 10, never top-up credits', () => {
    expect(trialCreditsLeft({ credits: 35, trialCredits: 10 })).toBe(10);
    expect(trialCreditsLeft({ credits: 30, trialCredits: 4 })).toBe(4);
    expect(trialCreditsLeft({ credits: 7 })).toBe(7);
  });

  it('names a scheduled change only when one is set', () => {
    expect(scheduledChange({ scheduledPlanId: 'starter', currentPeriodEnd: '2026-12-22T00:00:00.000Z' })).toEqual({
      plan: findPlan('starter'),
      on: '2026-12-22T00:00:00.000Z',
    });
    expect(scheduledChange({ scheduledPlanId: null, currentPeriodEnd: '2026-12-22T00:00:00.000Z' })).toBeNull();
    expect(scheduledChange(null)).toBeNull();
  });
});
