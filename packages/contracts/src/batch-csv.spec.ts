import { describe, expect, it } from '@jest/globals';
import { batchCsvTable, readBatchCsvRow, type CsvRecord } from './batch-csv.js';
import { BATCH_MESSAGES } from './messages.js';
import { LIMITS } from './limits.js';

const records = (...rows: string[][]): CsvRecord[] => rows.map((record, index) => ({ record, info: { records: index + 1 } }));

describe("a collection CSV's rules", () => {
  it('names the columns by the header row and refuses a file without a prompt column, without rows or with too many', () => {
    expect(batchCsvTable(records(['Style', 'idea']))).toEqual({ refused: BATCH_MESSAGES.csvNoPromptColumn, total: 0 });
    expect(batchCsvTable(records(['prompt'], ['  ']))).toEqual({ refused: BATCH_MESSAGES.csvEmpty, total: 0 });
    const many = records(['prompt'], ...Array.from({ length: LIMITS.batchMaxRows + 1 }, (_, index) => [`idea ${index}`]));
    expect(batchCsvTable(many)).toEqual({ refused: BATCH_MESSAGES.tooManyRows, total: LIMITS.batchMaxRows + 1 });
    expect(batchCsvTable(records([' Prompt ', 'garment'], ['a cat', 'dark']))).toMatchObject({ refused: null, columns: 2 });
  });

  it('reads a row the same way with or without the style words, which only the server knows', () => {
    const table = batchCsvTable(records(['prompt', 'style', 'garment', 'transparent'], ['a  cat', 'Retro', 'BLACK', 'no']));
    if (table.refused !== null) throw new Error(table.refused);
    const [record] = table.rows;
    expect(readBatchCsvRow(table, record)).toMatchObject({
      row: 2,
      prompt: 'a cat',
      dark: true,
      transparentBackground: false,
      problems: [],
    });
    const styles = { wordsOf: (style: string) => (style.toLowerCase() === 'retro' ? 'retro 70s' : undefined), known: ['retro'] };
    expect(readBatchCsvRow(table, record, styles)).toMatchObject({ prompt: 'a cat, retro 70s style', problems: [] });
  });

  it('names every problem of a bad row, in order', () => {
    const table = batchCsvTable(records(['prompt', 'style', 'garment', 'transparent'], ['', 'gothic', 'grey', 'maybe', 'extra']));
    if (table.refused !== null) throw new Error(table.refused);
    const row = readBatchCsvRow(table, table.rows[0], { wordsOf: () => undefined, known: ['retro'] });
    expect(row.problems.map((problem) => problem.message)).toEqual([
      BATCH_MESSAGES.rowUnreadable,
      BATCH_MESSAGES.rowPromptMissing,
      BATCH_MESSAGES.rowStyleUnknown('gothic', ['retro']),
      BATCH_MESSAGES.rowGarmentUnknown('grey'),
      BATCH_MESSAGES.rowTransparentUnknown('maybe'),
    ]);
  });
});
