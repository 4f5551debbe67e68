import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { AppError, BATCH_MESSAGES, LIMITS } from '@printloom/contracts';
import { designsFromCsv, designsFromTemplate } from './batch-input.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

/** The AppError a refused input throws (the test fails when nothing is thrown). */
function refusal(work: () => unknown): AppError {
  try {
    work();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the input to be refused');
}

describe('designsFromCsv', () => {
  it('reads an Excel export: BOM, CRLF, quotes with commas and doubled quotes, style and garment columns', () => {
    expect(designsFromCsv(fixture('excel-windows-bom.csv'))).toEqual([
      { prompt: `Proud Nurse with coffee, "World's Okayest Nurse", retro style`, dark: true, transparent: true },
      { prompt: 'Dog mom, est. 2024, vintage style', dark: false, transparent: false },
      { prompt: 'Teacher life', dark: false, transparent: true },
    ]);
  });

  it('reads a Google Sheets export: a line break inside quotes, an unknown column, blank and empty last lines', () => {
    expect(designsFromCsv(fixture('google-sheets-export.csv'))).toEqual([
      { prompt: `Camping crew multi-line slogan "Let's Go"`, dark: true, transparent: true },
      { prompt: 'Grumpy cat in space', dark: false, transparent: true },
    ]);
  });

  it('reads a sheet saved with semicolons (spreadsheets in other locales)', () => {
    expect(designsFromCsv(fixture('excel-semicolon.csv'))).toEqual([
      { prompt: 'Kaffee zuerst, kawaii style', dark: false, transparent: true },
      { prompt: 'Hund; Katze', dark: false, transparent: true },
    ]);
  });

  it('refuses the whole file when any row is bad, naming every bad row by its number (header = row 1)', () => {
    const error = refusal(() => designsFromCsv(fixture('bad-rows.csv')));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toBe(BATCH_MESSAGES.csvRejected(3));
    expect(error.details?.rowErrors).toEqual([
      { row: 3, message: BATCH_MESSAGES.rowPromptMissing },
      { row: 4, message: expect.stringContaining('style "watercolour" is not one of: retro, vintage') },
      { row: 5, message: BATCH_MESSAGES.rowGarmentUnknown('purple') },
      { row: 5, message: BATCH_MESSAGES.rowTransparentUnknown('maybe') },
    ]);
  });

  it('accepts style synonyms the engine knows and refuses words that only look like table keys', () => {
    expect(designsFromCsv('prompt,style\nold truck,grunge\n')[0].prompt).toBe('old truck, distressed style');
    const error = refusal(() => designsFromCsv('prompt,garment\nold truck,constructor\n'));
    expect(error.details?.rowErrors).toEqual([{ row: 2, message: BATCH_MESSAGES.rowGarmentUnknown('constructor') }]);
  });

  it('refuses a file without a prompt column, without rows, with an unclosed quote, or with more than 200 rows', () => {
    expect(refusal(() => designsFromCsv('title,style\nx,retro\n')).message).toBe(BATCH_MESSAGES.csvNoPromptColumn);
    expect(refusal(() => designsFromCsv('\uFEFFprompt\r\n\r\n')).message).toBe(BATCH_MESSAGES.csvEmpty);
    expect(refusal(() => designsFromCsv('')).message).toBe(BATCH_MESSAGES.csvEmpty);
    expect(refusal(() => designsFromCsv('prompt\n"never closed\nmore\n')).message).toContain(BATCH_MESSAGES.csvUnreadable);
    const rows = Array.from({ length: LIMITS.batchMaxRows + 1 }, (_, index) => `design ${index}`).join('\n');
    expect(refusal(() => designsFromCsv(`prompt\n${rows}\n`)).message).toBe(BATCH_MESSAGES.tooManyRows);
    expect(designsFromCsv(`prompt\n${rows.split('\n').slice(1).join('\n')}\n`)).toHaveLength(LIMITS.batchMaxRows);
  });

  it('names a row with more fields than the header has', () => {
    const error = refusal(() => designsFromCsv('prompt,style\nfine,retro\nbroken,retro,extra\n'));
    expect(error.details?.rowErrors).toEqual([{ row: 3, message: BATCH_MESSAGES.rowUnreadable }]);
  });
});

describe('designsFromTemplate', () => {
  const options = { dark: true, transparent: false };

  it('fills every {value} slot, dropping blank and repeated values', () => {
    expect(
      designsFromTemplate(`a proud {value} with coffee, "World's Okayest {value}"`, ['Nurse', ' nurse ', '', 'Teacher'], options),
    ).toEqual([
      { prompt: `a proud Nurse with coffee, "World's Okayest Nurse"`, ...options },
      { prompt: `a proud Teacher with coffee, "World's Okayest Teacher"`, ...options },
    ]);
  });

  it('refuses no values, more than 200, and a prompt that grows too long, naming the value', () => {
    expect(refusal(() => designsFromTemplate('{value}', [' ', ''], options)).message).toBe(BATCH_MESSAGES.valuesRequired);
    const many = Array.from({ length: LIMITS.batchMaxRows + 1 }, (_, index) => `v${index}`);
    expect(refusal(() => designsFromTemplate('{value}', many, options)).message).toBe(BATCH_MESSAGES.tooManyRows);
    const long = 'x'.repeat(LIMITS.promptMaxChars);
    const error = refusal(() => designsFromTemplate('{value} shirt', ['ok', long], options));
    expect(error.details?.rowErrors).toEqual([{ row: 2, message: BATCH_MESSAGES.promptTooLong(long) }]);
  });
});
