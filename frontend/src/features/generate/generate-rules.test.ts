import { describe, expect, it } from 'vitest';
import { canGenerate } from './PromptForm';
import { trialLevel } from './TrialBanner';
import { acceptableUpload } from './upload';
import { clientStatus, expiryBadge, tileClass } from './status';

const day = 86_400_000;

describe('Generate button', () => {
  it('is disabled for an empty or blank prompt, while busy, and at 0 credits', () => {
    expect(canGenerate('a cat', false, 3)).toBe(true);
    expect(canGenerate('   \n', false, 3)).toBe(false);
    expect(canGenerate('a cat', true, 3)).toBe(false);
    expect(canGenerate('a cat', false, 0)).toBe(false);
  });
});

describe('trial banner', () => {
  it('emphasises at 5 or fewer credits and turns urgent at 2 or fewer', () => {
    expect(trialLevel(10)).toBe('normal');
    expect(trialLevel(6)).toBe('normal');
    expect(trialLevel(5)).toBe('warning');
    expect(trialLevel(3)).toBe('warning');
    expect(trialLevel(2)).toBe('critical');
    expect(trialLevel(0)).toBe('critical');
  });
});

describe('expiry badge', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('shows only when 7 days or fewer remain', () => {
    expect(expiryBadge(new Date(now + 8 * day).toISOString(), now)).toBeNull();
    expect(expiryBadge(new Date(now + 7 * day).toISOString(), now)).toBe('Expires in 7 day(s)');
    expect(expiryBadge(new Date(now + 0.5 * day).toISOString(), now)).toBe('Expires in 1 day(s)');
  });
});

describe('uploads for Describe', () => {
  it('takes jpeg, png and webp up to 10 MB', () => {
    expect(acceptableUpload({ type: 'image/png', size: 1024 })).toBe(true);
    expect(acceptableUpload({ type: 'image/webp', size: 10 * 1024 * 1024 })).toBe(true);
    expect(acceptableUpload({ type: 'image/jpeg', size: 10 * 1024 * 1024 + 1 })).toBe(false);
    expect(acceptableUpload({ type: 'image/gif', size: 10 })).toBe(false);
  });
});

describe('job status on the client', () => {
  it('maps the server statuses to the strip', () => {
    expect(clientStatus(undefined)).toBe('idle');
    expect(clientStatus('succeeded')).toBe('ready');
    expect(clientStatus('generating')).toBe('generating');
    expect(clientStatus('weird')).toBe('idle');
  });

  it('judges white-garment designs on a light backdrop, the rest on a dark one', () => {
    expect(tileClass('a cat, on white background')).toBe('checkerboard');
    expect(tileClass('a cat')).toBe('checkerboard-dark');
  });
});
