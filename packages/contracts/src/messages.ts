// What a seller reads about credits: the refund after a paid operation failed, the plan an ability
// needs. One wording each, used by the services that refund or refuse and by the SPA that shows them.
import { cheapestPlanWithUpscale, type UpscaleFactor } from './plans.js';
import { LIMITS } from './limits.js';
import { MESSAGES } from './errors.js';
import { BATCH_VALUE_SLOT } from './batch-values.js';

/** The one sentence that tells a seller a paid operation that failed gave its credit back. */
export const CREDIT_REFUNDED = 'Your credit was refunded.';

/** What happened, the refund, what to do: every refunded failure reads this way. */
export function refundedMessage(whatHappened: string, retry: 'now' | 'later' = 'now'): string {
  return `${whatHappened} ${CREDIT_REFUNDED} Please try again${retry === 'later' ? ' later' : ''}.`;
}

/** The refunded failures the services report and the SPA falls back on. */
export const REFUND_MESSAGES = {
  /** A job failed for a reason of ours (not one the image provider reported). */
  generationFailed: refundedMessage('Generation failed.'),
  /** A job's worker went silent past the job timeout. */
  generationTimedOut: refundedMessage('Generation timed out.'),
  /** The image provider cannot serve anyone for now (its account is out of credit, the model is gone). */
  imageServiceUnavailable: refundedMessage('Image generation is temporarily unavailable.', 'later'),
  /** The image provider did not answer within its time budget. */
  imageServiceTooSlow: refundedMessage('The image provider took too long to answer.'),
  /** The SPA's words for a failed job that came without a reason. */
  somethingWentWrong: refundedMessage('Something went wrong.'),
} as const;

/** Why an upscale is refused on the seller's plan, naming the cheapest plan that offers it. */
export function upscaleNeedsPlanMessage(factor: UpscaleFactor): string {
  return `Upscaling ${factor}× needs the ${cheapestPlanWithUpscale(factor).name} plan or higher.`;
}

/** Shown to an account whose person (the same inbox, however written) already had the free trial. */
export const TRIAL_ALREADY_USED_MESSAGE =
  'This email address has already had its free trial credits, so this account starts with 0 credits. Choose a plan or a top-up pack to start creating.';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** What a seller reads about a batch (issue 31): its refusals, the CSV's bad rows, a cancelled row. */
export const BATCH_MESSAGES = {
  templateRequired: 'Template is required',
  templateNeedsSlot: `The template needs a ${BATCH_VALUE_SLOT} slot, e.g. "World's Okayest ${BATCH_VALUE_SLOT}".`,
  valuesRequired: 'Add at least one value.',
  tooManyRows: `A collection has at most ${LIMITS.batchMaxRows} designs.`,
  /** A filled-in template longer than a prompt may be. */
  promptTooLong: (value: string) =>
    `The prompt for "${value.length > 40 ? `${value.slice(0, 40)}…` : value}" is longer than ${LIMITS.promptMaxChars} characters.`,
  csvRequired: 'Choose a CSV file to upload (form field "file").',
  csvTooLarge: `The CSV file must be ${LIMITS.batchCsvMaxBytes / 1024} KB or smaller.`,
  csvTooLargeToSend:
    'This CSV is too large once encoded for sending: quotes, backslashes, tabs and invisible control characters take several bytes each. Remove such characters or split the file into smaller ones.',
  csvUnreadable: 'This file could not be read as CSV (UTF-8, one design per row, a header row naming the columns).',
  csvNoPromptColumn: 'The CSV needs a header row with a "prompt" column.',
  csvEmpty: 'The CSV has no designs below its header row.',
  /** The whole file is refused when any row is bad; `rowErrors` (details) lists each one by row number. */
  csvRejected: (badRows: number) =>
    `The CSV has ${plural(badRows, 'bad row')}; nothing was started. Fix ${badRows === 1 ? 'it' : 'them'} and upload again.`,
  /** Per bad CSV row (the header is row 1). */
  rowPromptMissing: 'prompt is empty',
  rowPromptTooLong: `prompt is longer than ${LIMITS.promptMaxChars} characters`,
  rowStyleUnknown: (style: string, known: readonly string[]) => `style "${style}" is not one of: ${known.join(', ')}`,
  rowGarmentUnknown: (garment: string) => `garment "${garment}" must be light or dark`,
  rowTransparentUnknown: (value: string) => `transparent "${value}" must be yes or no`,
  rowUnreadable: 'this row could not be read (check its quotes and its number of columns)',
  /** 402 INSUFFICIENT_CREDITS: the spec's words; `needed` (details) is the batch's cost. */
  insufficientCredits: MESSAGES.insufficientCredits,
  notFound: 'Batch not found',
  nothingFlagged: 'No design of this batch is flagged; nothing to redo.',
  redoWhileRunning: 'This batch is still running; redo its flagged designs once it has finished.',
  redoUnavailable: 'Billing could not be reached; try the redo again in a minute.',
  redoCancelled: 'This batch was cancelled; its flagged designs cannot be redone.',
  /** One new row (one job, one credit) per row that has a flagged design. */
  redoConfirm: (rows: number) =>
    `Redo ${plural(rows, 'row')} with a flagged design? Same prompt and options, a new seed: ${plural(rows, 'credit')}, one per row.`,
  /** A row cancelled before it became a job. */
  rowCancelled: 'Cancelled before it started. Your credit was refunded.',
} as const;
