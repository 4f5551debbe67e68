import { describe, expect, it } from 'vitest';
import { STATUS_DISPLAY, clientStatus, withSuffixes } from './status';

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
