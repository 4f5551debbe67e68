import { describe, expect, it } from '@jest/globals';
import { batchValues, collectionName, fillTemplate } from './batch-values.js';
import { LIMITS } from './limits.js';

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

  it('names a collection by the quoted words of its template, the slot shown as "…", and its values summed up', () => {
    expect(collectionName(`a proud {value} with coffee, "World's Okayest {value}"`, ['Nurse', 'Teacher', 'Plumber'])).toBe(
      "World's Okayest … (Nurse, Teacher, Plumber)",
    );
    expect(collectionName('{value} crew, retro   letters', ['Camping', 'fishing', 'Hiking', 'Running', 'camping', 'Skiing'])).toBe(
      '… crew, retro letters (Camping, fishing, Hiking +2 more)',
    );
  });

  it('never shows the raw slot and stays within the name limit, keeping the values summed up', () => {
    const name = collectionName(`${'very long words '.repeat(20)}{value}`, ['Nurse', 'Teacher']);
    expect(name).not.toContain('{value}');
    expect(name.length).toBeLessThanOrEqual(LIMITS.collectionNameMaxChars);
    expect(name.endsWith('… (Nurse, Teacher)')).toBe(true);
  });
});
