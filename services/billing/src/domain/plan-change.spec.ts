import { describe, expect, it } from '@jest/globals';
import { findPlan } from '@printloom/contracts';
import { isUpgrade, proratedUpgradeCredits } from './plan-change.js';

const [starter, creator, pro, studio] = ['starter', 'creator', 'pro', 'studio'].map((id) => findPlan(id)!);
const period = { start: new Date('2026-11-01T00:00:00Z'), end: new Date('2026-12-01T00:00:00Z') };

describe('plan changes', () => {
  it('calls a change to a dearer plan an upgrade, anything else a downgrade', () => {
    expect(isUpgrade(starter, creator)).toBe(true);
    expect(isUpgrade(pro, studio)).toBe(true);
    expect(isUpgrade(creator, starter)).toBe(false);
    expect(isUpgrade(studio, studio)).toBe(false);
  });

  it('grants the whole credit difference at the start of a period and none at its end', () => {
    expect(proratedUpgradeCredits(starter, creator, period, period.start)).toBe(100);
    expect(proratedUpgradeCredits(starter, creator, period, period.end)).toBe(0);
    expect(proratedUpgradeCredits(starter, creator, period, new Date('2027-01-01T00:00:00Z'))).toBe(0);
  });

  it('prorates by the time left in the period, rounded down', () => {
    // 20 of 30 days left: (150 - 50) × 2/3 = 66.67 → 66
    expect(proratedUpgradeCredits(starter, creator, period, new Date('2026-11-11T00:00:00Z'))).toBe(66);
    // 15 days left: (1000 - 400) / 2 = 300
    expect(proratedUpgradeCredits(pro, studio, period, new Date('2026-11-16T00:00:00Z'))).toBe(300);
  });

  it('grants nothing on a downgrade', () => {
    expect(proratedUpgradeCredits(studio, starter, period, period.start)).toBe(0);
  });
});
