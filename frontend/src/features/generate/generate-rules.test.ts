import { describe, expect, it } from 'vitest';
import { canGenerate } from './PromptForm';
import { trialLevel } from './TrialBanner';
import { acceptableUpload } from './upload';
import { clientStatus } from './status';

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
});
