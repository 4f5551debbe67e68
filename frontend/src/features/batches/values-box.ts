// The Collection tab's template and values box, counted and priced live with the rules the server
// applies (the contracts' batch-values helpers), and what stops a start explained in place.
import { BATCH_VALUE_SLOT, batchValues, fillTemplate } from '@printloom/contracts/batch-values';
import { LIMITS } from '@printloom/contracts/limits';
import { BATCH_MESSAGES } from '@printloom/contracts/messages';
import { CREDIT_COSTS, IMAGES_PER_GENERATION } from '@printloom/contracts/plans';

export interface CollectionDraft {
  /** The values the server will make designs of: trimmed, blanks and repeats (ignoring case) dropped. */
  values: string[];
  /** Lines typed that will not become designs. */
  blankLines: number;
  duplicates: number;
  /** Credits the batch reserves when started (one job per value). */
  cost: number;
  /** Designs it makes (each job makes IMAGES_PER_GENERATION variants). */
  designs: number;
  /** Why it cannot start yet, one sentence each, in the order a seller fixes them. */
  problems: string[];
}

/** The lines of a values box (any line ending). */
export const valueLines = (text: string): string[] => (text === '' ? [] : text.split(/\r\n|\r|\n/));

export function collectionDraft(template: string, valuesText: string): CollectionDraft {
  const lines = valueLines(valuesText);
  const values = batchValues(lines);
  const blankLines = lines.filter((line) => line.trim() === '').length;
  const problems: string[] = [];
  if (!template.trim()) problems.push(BATCH_MESSAGES.templateRequired);
  else if (!template.includes(BATCH_VALUE_SLOT)) problems.push(BATCH_MESSAGES.templateNeedsSlot);
  if (values.length === 0) problems.push(BATCH_MESSAGES.valuesRequired);
  if (values.length > LIMITS.batchMaxRows)
    problems.push(`${BATCH_MESSAGES.tooManyRows} This list has ${values.length}: remove ${values.length - LIMITS.batchMaxRows}.`);
  if (template.includes(BATCH_VALUE_SLOT)) {
    const tooLong = values.find((value) => fillTemplate(template, value).length > LIMITS.promptMaxChars);
    if (tooLong !== undefined) problems.push(BATCH_MESSAGES.promptTooLong(tooLong));
  }
  return {
    values,
    blankLines,
    duplicates: lines.length - blankLines - values.length,
    cost: values.length * CREDIT_COSTS.generation,
    designs: values.length * IMAGES_PER_GENERATION,
    problems,
  };
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** The live line under the values box: how many designs, what they cost, what was dropped. */
export function draftSummary(draft: CollectionDraft): string {
  const dropped = [
    draft.duplicates > 0 ? plural(draft.duplicates, 'duplicate') : '',
    draft.blankLines > 0 ? plural(draft.blankLines, 'blank line') : '',
  ].filter(Boolean);
  return (
    `${plural(draft.values.length, 'value')} → ${plural(draft.designs, 'design')}, ${plural(draft.cost, 'credit')}` +
    (dropped.length ? ` (${dropped.join(' and ')} removed)` : '')
  );
}
