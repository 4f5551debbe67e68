import { describe, expect, it } from 'vitest';
import { clientStatus, withSuffixes } from './status';

describe('prompt suffixes', () => {
  it('appends white background and sticker once', () => {
    expect(withSuffixes('a cat', { whiteBackground: true, outline: true })).toBe('a cat, on white background, sticker');
    expect(withSuffixes('a cat on white background sticker', { whiteBackground: true, outline: true })).toBe(
      'a cat on white background sticker',
    );
    expect(withSuffixes('a cat', { whiteBackground: false, outline: false })).toBe('a cat');
  });
});

describe('job status on the client', () => {
  it('maps the server statuses to the strip', () => {
    expect(clientStatus(undefined)).toBe('idle');
    expect(clientStatus('succeeded')).toBe('ready');
    expect(clientStatus('generating')).toBe('generating');
    expect(clientStatus('weird')).toBe('idle');
  });
});
