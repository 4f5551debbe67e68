import { describe, expect, it } from 'vitest';
import { normaliseCode } from './normalise-code';

describe('codes', () => {
  it('strips pasted non-digits and trims to 6', () => {
    expect(normaliseCode(' 12-34 56 78')).toBe('123456');
    expect(normaliseCode('abc')).toBe('');
  });
});
