import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Blob } from 'node:buffer'; // jsdom's Blob cannot be read
import { describe, expect, it } from 'vitest';
import { BATCH_MESSAGES } from '@printloom/contracts/messages';
import { csvPreview, delimiterOf, previewCsvFile, previewCsvText, PREVIEW_ROWS } from './csv-preview';

const fixture = (name: string) => readFileSync(path.resolve('src/features/batches/fixtures', name), 'utf8');

describe('previewCsvText (csv-parse, with the server options)', () => {
  it('reads an Excel file from Windows: BOM, CRLF, quotes with commas and doubled quotes inside, an empty last line', async () => {
    const preview = await previewCsvText(fixture('excel-windows-bom.csv'));
    expect(preview.fileProblem).toBeNull();
    expect(preview.total).toBe(3);
    expect(preview.problems).toEqual([]);
    expect(preview.rows[0]).toEqual({
      row: 2,
      prompt: `Proud Nurse with coffee, "World's Okayest Nurse"`,
      style: 'retro',
      garment: 'dark',
      transparent: 'yes',
    });
    expect(preview.rows.map((row) => row.prompt)).toEqual([
      `Proud Nurse with coffee, "World's Okayest Nurse"`,
      'Dog mom, est. 2024',
      'Teacher life',
    ]);
  });

  it('reads a Google Sheets export with a line break inside a quoted prompt and ignores unknown columns', async () => {
    const preview = await previewCsvText(fixture('google-sheets-export.csv'));
    expect(preview.problems).toEqual([]);
    expect(preview.rows.map(({ row, prompt, garment }) => ({ row, prompt, garment }))).toEqual([
      { row: 2, prompt: `Camping crew multi-line slogan "Let's Go"`, garment: 'black' },
      { row: 3, prompt: 'Grumpy cat in space', garment: 'white' },
    ]);
  });

  it('reads a semicolon-separated file (a spreadsheet set to another locale)', async () => {
    const text = fixture('excel-semicolon.csv');
    expect(delimiterOf(text)).toBe(';');
    const preview = await previewCsvText(text);
    expect(preview.rows.map((row) => [row.prompt, row.style])).toEqual([
      ['Kaffee zuerst', 'kawaii'],
      ['Hund; Katze', ''],
    ]);
  });

  it('names every bad row by its number, the header being row 1', async () => {
    const preview = await previewCsvText(fixture('bad-rows.csv'));
    expect(preview.fileProblem).toBeNull();
    expect(preview.total).toBe(4);
    expect(preview.problems).toEqual([
      { row: 3, message: BATCH_MESSAGES.rowPromptMissing },
      { row: 5, message: BATCH_MESSAGES.rowGarmentUnknown('purple') },
      { row: 5, message: BATCH_MESSAGES.rowTransparentUnknown('maybe') },
    ]);
  });

  it('flags a row with more fields than the header has columns', async () => {
    const preview = await previewCsvText('prompt,style\na cat,retro\na dog,retro,extra\n');
    expect(preview.problems).toEqual([{ row: 3, message: BATCH_MESSAGES.rowUnreadable }]);
  });

  it('refuses the whole file without a prompt column, without rows, or with an unclosed quote', async () => {
    expect((await previewCsvText('slogan,style\nhello,retro\n')).fileProblem).toBe(BATCH_MESSAGES.csvNoPromptColumn);
    expect((await previewCsvText('\uFEFFprompt\r\n\r\n')).fileProblem).toBe(BATCH_MESSAGES.csvEmpty);
    expect((await previewCsvText('')).fileProblem).toBe(BATCH_MESSAGES.csvEmpty);
    expect((await previewCsvText('prompt\n"a cat, unclosed\n')).fileProblem).toMatch(BATCH_MESSAGES.csvUnreadable);
  });

  it('shows only the first rows but counts and checks all of them', async () => {
    const lines = Array.from({ length: 12 }, (_, index) => (index === 10 ? '' : `design ${index}`));
    const preview = await previewCsvText(`prompt,garment\n${lines.map((line) => `"${line}",light`).join('\n')}\n`);
    expect(preview.total).toBe(12);
    expect(preview.rows).toHaveLength(PREVIEW_ROWS);
    expect(preview.problems).toEqual([{ row: 12, message: BATCH_MESSAGES.rowPromptMissing }]);
  });

  it('refuses more than 200 rows', async () => {
    const text = `prompt\n${Array.from({ length: 201 }, (_, index) => `design ${index}`).join('\n')}`;
    const preview = await previewCsvText(text);
    expect(preview.fileProblem).toBe(`${BATCH_MESSAGES.tooManyRows} This file has 201.`);
    expect(preview.total).toBe(201);
  });
});

describe('previewCsvFile', () => {
  it('refuses a file that is not UTF-8 text or larger than the server takes', async () => {
    expect((await previewCsvFile(new Blob([new Uint8Array([0x70, 0xff, 0xfe, 0x0a])]))).fileProblem).toBe(BATCH_MESSAGES.csvUnreadable);
    expect((await previewCsvFile(new Blob(['prompt\n', 'x'.repeat(512 * 1024)]))).fileProblem).toBe(BATCH_MESSAGES.csvTooLarge);
    const ok = await previewCsvFile(new Blob(['prompt\nhello\n']));
    expect(ok.fileProblem).toBeNull();
    expect(ok.rows).toEqual([{ row: 2, prompt: 'hello', style: '', garment: '', transparent: '' }]);
  });
});

describe('csvPreview', () => {
  it('skips records whose fields are all blank, as the server does', () => {
    const preview = csvPreview([
      { record: ['prompt'], info: { records: 1 } },
      { record: [' ', ''], info: { records: 2 } },
      { record: ['a cat'], info: { records: 3 } },
    ]);
    expect(preview.total).toBe(1);
    expect(preview.rows[0].row).toBe(3);
  });
});
