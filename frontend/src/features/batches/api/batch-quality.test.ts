import { describe, expect, it } from 'vitest';
import { LIMITS } from '@printloom/contracts/limits';
import { QUALITY_FOLLOW_MS, qualityPollInterval } from './batch-quality';

const now = Date.parse('2026-11-26T00:00:00.000Z');
const base = { running: false, followUntil: 0, quality: undefined, failed: false, now };

describe('when the batch page asks for the quality counts again', () => {
  it('polls while the batch runs, whatever the counts say', () => {
    expect(qualityPollInterval({ ...base, running: true, quality: { designs: 8, checked: 8 } })).toBe(LIMITS.jobPollIntervalMs);
  });

  it('keeps polling a little after the batch stopped while verdicts are missing, then stops', () => {
    const following = { ...base, followUntil: now + QUALITY_FOLLOW_MS, quality: { designs: 8, checked: 5 } };
    expect(qualityPollInterval(following)).toBe(LIMITS.jobPollIntervalMs);
    expect(qualityPollInterval({ ...following, now: now + QUALITY_FOLLOW_MS })).toBe(false);
  });

  it('stops once every design has its verdict, and after an error', () => {
    expect(qualityPollInterval({ ...base, followUntil: now + 1000, quality: { designs: 8, checked: 8 } })).toBe(false);
    expect(qualityPollInterval({ ...base, running: true, failed: true })).toBe(false);
  });
});
