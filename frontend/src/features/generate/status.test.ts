import { describe, expect, it } from 'vitest';
import { STATUS_DISPLAY, daysLeft, withSuffixes } from './status';
import { normaliseCode } from '../auth/code-input';

describe('status strip table', () => {
  it('matches the spec', () => {
    expect(STATUS_DISPLAY.queued).toEqual({ label: 'Queued', progress: 10, seconds: 15 });
    expect(STATUS_DISPLAY.generating).toEqual({ label: 'Generating images', progress: 40, seconds: 10 });
    expect(STATUS_DISPLAY.processing).toEqual({ label: 'Processing', progress: 70, seconds: 5 });
    expect(STATUS_DISPLAY.idle.label).toBe('Ready to generate');
  });
});

describe('prompt suffixes', () => {
  it('appends white background and sticker once', () => {
    expect(withSuffixes('a cat', { whiteBackground: true, outline: true })).toBe('a cat, on white background, sticker');
    expect(withSuffixes('a cat on white background sticker', { whiteBackground: true, outline: true })).toBe('a cat on white background sticker');
    expect(withSuffixes('a cat', { whiteBackground: false, outline: false })).toBe('a cat');
  });
});

describe('expiry and codes', () => {
  it('counts days left', () => {
    expect(daysLeft(new Date(Date.now() + 6.5 * 86400_000).toISOString())).toBe(7);
    expect(daysLeft(new Date(Date.now() - 1000).toISOString())).toBe(0);
  });

  it('strips pasted non-digits and trims to 6', () => {
    expect(normaliseCode(' 12-34 56 78')).toBe('123456');
    expect(normaliseCode('abc')).toBe('');
  });
});
