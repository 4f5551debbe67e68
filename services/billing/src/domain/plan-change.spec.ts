import { describe, expect, it } from '@jest/globals';
import { creditsPaidFor, findPlan } from '@printloom/contracts';
import { isUpgrade, proratedUpgradeCents } from './plan-change.js';

const [starter, creator, pro, studio] = ['starter', 'creator', 'pro', 'studio'].map((id) => findPlan(id)!);
const period = { start: new Date('2026-11-01T00:00:00Z'), end: new Date('2026-12-01T00:00:00Z') };

describe('plan changes', () => {
  it('calls a change to a dearer plan an upgrade, anything else a downgrade', () => {
    expect(isUpgrade(starter, creator)).toBe(true);
    expect(isUpgrade(pro, studio)).toBe(true);
    expect(isUpgrade(creator, starter)).toBe(false);
    expect(isUpgrade(studio, studio)).toBe(false);
  });

  it('charges the whole price difference at the start of a period and nothing at its end', () => {
    expect(proratedUpgradeCents(starter, creator, period, period.start)).toBe(500);
    expect(proratedUpgradeCents(starter, creator, period, period.end)).toBe(0);
    expect(proratedUpgradeCents(starter, creator, period, new Date('2027-01-01T00:00:00Z'))).toBe(0);
  });

  it('prorates by the time left in the period, to the cent', () => {
    // 20 of 30 days left: $5.00 × 2/3 = $3.33
    expect(proratedUpgradeCents(starter, creator, period, new Date('2026-11-11T00:00:00Z'))).toBe(333);
    // 15 days left: $25.00 / 2 = $12.50
    expect(proratedUpgradeCents(pro, studio, period, new Date('2026-11-16T00:00:00Z'))).toBe(1250);
  });

  it("buys the target plan's credits at its price per credit, never the difference in monthly credits", () => {
    // Today's formula granted 100 and 66 for these; the money buys 75 and 50.
    expect(creditsPaidFor(creator, proratedUpgradeCents(starter, creator, period, period.start))).toBe(75);
    expect(creditsPaidFor(creator, proratedUpgradeCents(starter, creator, period, new Date('2026-11-11T00:00:00Z')))).toBe(50);
  });

  it('charges nothing on a downgrade', () => {
    expect(proratedUpgradeCents(studio, starter, period, period.start)).toBe(0);
  });
});
