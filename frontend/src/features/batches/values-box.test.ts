import { describe, expect, it } from 'vitest';
import { BATCH_MESSAGES } from '@printloom/contracts/messages';
import { collectionDraft, draftSummary, valueLines } from './values-box';

const TEMPLATE = `a proud {value} with coffee, "World's Okayest {value}"`;

describe('collectionDraft', () => {
  it('keeps one value per line, trimmed, without blanks or repeats (ignoring case), and prices it live', () => {
    const draft = collectionDraft(TEMPLATE, 'Nurse\r\n  teacher \n\nNURSE\nPilot\n   \nTeacher\n');
    expect(draft.values).toEqual(['Nurse', 'teacher', 'Pilot']);
    expect(draft.blankLines).toBe(3);
    expect(draft.duplicates).toBe(2);
    expect(draft.cost).toBe(3);
    expect(draft.designs).toBe(12);
    expect(draft.problems).toEqual([]);
    expect(draftSummary(draft)).toBe('3 values → 12 designs, 3 credits (2 duplicates and 3 blank lines removed)');
  });

  it('says a template without the {value} slot cannot start, and why', () => {
    const draft = collectionDraft('a proud nurse with coffee', 'Nurse');
    expect(draft.problems).toEqual([BATCH_MESSAGES.templateNeedsSlot]);
  });

  it('asks for a template and for values when either is missing', () => {
    expect(collectionDraft('', '').problems).toEqual([BATCH_MESSAGES.templateRequired, BATCH_MESSAGES.valuesRequired]);
    expect(collectionDraft(TEMPLATE, '\n \n').problems).toEqual([BATCH_MESSAGES.valuesRequired]);
  });

  it('refuses more than 200 values and says how many to remove', () => {
    const text = Array.from({ length: 203 }, (_, index) => `value ${index}`).join('\n');
    const draft = collectionDraft(TEMPLATE, text);
    expect(draft.values).toHaveLength(203);
    expect(draft.problems).toEqual([`${BATCH_MESSAGES.tooManyRows} This list has 203: remove 3.`]);
    expect(collectionDraft(TEMPLATE, text.split('\n').slice(0, 200).join('\n')).problems).toEqual([]);
  });

  it('names the value whose filled-in prompt is longer than a prompt may be', () => {
    const long = 'x'.repeat(1990);
    expect(collectionDraft('{value} {value}', `short\n${long}`).problems).toEqual([BATCH_MESSAGES.promptTooLong(long)]);
  });

  it('summarises a single value in the singular', () => {
    expect(draftSummary(collectionDraft(TEMPLATE, 'Nurse'))).toBe('1 value → 4 designs, 1 credit');
  });
});

describe('valueLines', () => {
  it('splits on every line ending and has no line for an empty box', () => {
    expect(valueLines('')).toEqual([]);
    expect(valueLines('a\r\nb\rc\n')).toEqual(['a', 'b', 'c', '']);
  });
});
