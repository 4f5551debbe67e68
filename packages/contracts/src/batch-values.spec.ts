import { describe, expect, it } from '@jest/globals';
import { batchValues, fillTemplate } from './batch-values.js';

describe('a collection values box', () => {
  it('trims, drops blanks and repeats (ignoring case) and keeps the order: what is counted is what is charged', () => {
    expect(batchValues(['  Nurse', 'Teacher ', '', '   ', 'nurse', 'NURSE', 'Pilot', 'Teacher'])).toEqual(['Nurse', 'Teacher', 'Pilot']);
    expect(batchValues([])).toEqual([]);
  });

  it('fills every {value} slot of a template', () => {
    expect(fillTemplate(`a proud {value} with coffee, "World's Okayest {value}"`, 'Dog Mom')).toBe(
      `a proud Dog Mom with coffee, "World's Okayest Dog Mom"`,
    );
    expect(fillTemplate('  {value} club ', 'Chess')).toBe('Chess club');
  });
});
