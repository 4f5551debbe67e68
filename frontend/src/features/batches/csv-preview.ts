// The CSV drop zone's preview: the file read in the browser with the parser and options the server
// uses (csv-parse, loaded only when a file is chosen), its first rows and every bad row by number. Only
// a preview: the server parses the file again and its answer (rowErrors) is authoritative; the style
// words it knows are checked there only.
import type { BatchRowProblem } from '@printloom/contracts/batches.schemas';
import { LIMITS } from '@printloom/contracts/limits';
import { BATCH_MESSAGES } from '@printloom/contracts/messages';

/** A record as csv-parse answers it with `info: true`: its fields and its number (the header is 1). */
export interface ParsedRecord {
  record: string[];
  info: { records: number };
}

export interface CsvPreviewRow {
  row: number;
  prompt: string;
  style: string;
  garment: string;
  transparent: string;
}

export interface CsvPreview {
  /** Why the whole file cannot be used (no prompt column, no rows, too many, unreadable); null when it can. */
  fileProblem: string | null;
  /** Data rows (designs) in the file. */
  total: number;
  /** The first rows, as the seller will recognise them. */
  rows: CsvPreviewRow[];
  /** Every bad row by its number, in file order. */
  problems: BatchRowProblem[];
}

export const PREVIEW_ROWS = 5;

const GARMENTS = new Set(['light', 'white', 'dark', 'black']);
const YES_NO = new Set(['yes', 'y', 'true', '1', 'no', 'n', 'false', '0']);

const refused = (fileProblem: string, total = 0): CsvPreview => ({ fileProblem, total, rows: [], problems: [] });

/** The file's separator, as the server picks it: a comma, unless the header line has semicolons or tabs and no comma. */
export function delimiterOf(text: string): string {
  const header = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  if (header.includes(',')) return ',';
  if (header.includes(';')) return ';';
  if (header.includes('\t')) return '\t';
  return ',';
}

/** The preview of parsed records: the header row names the columns, `prompt` required. */
export function csvPreview(records: readonly ParsedRecord[]): CsvPreview {
  const [header, ...rows] = records.filter(({ record }) => record.some((field) => field.trim() !== ''));
  if (!header) return refused(BATCH_MESSAGES.csvEmpty);
  const columns = header.record.map((name) => name.trim().toLowerCase());
  const at = {
    prompt: columns.indexOf('prompt'),
    style: columns.indexOf('style'),
    garment: columns.indexOf('garment'),
    transparent: columns.indexOf('transparent'),
  };
  if (at.prompt < 0) return refused(BATCH_MESSAGES.csvNoPromptColumn);
  if (rows.length === 0) return refused(BATCH_MESSAGES.csvEmpty);
  if (rows.length > LIMITS.batchMaxRows) return refused(`${BATCH_MESSAGES.tooManyRows} This file has ${rows.length}.`, rows.length);

  const problems: BatchRowProblem[] = [];
  const previewRows = rows.map(({ record, info }) => {
    const row = info.records;
    const field = (index: number) => (index >= 0 ? (record[index] ?? '').trim() : '');
    const preview = {
      row,
      prompt: field(at.prompt).replace(/\s+/g, ' '),
      style: field(at.style),
      garment: field(at.garment),
      transparent: field(at.transparent),
    };
    const add = (message: string) => problems.push({ row, message });
    if (record.length > columns.length) add(BATCH_MESSAGES.rowUnreadable);
    if (!preview.prompt) add(BATCH_MESSAGES.rowPromptMissing);
    if (preview.prompt.length > LIMITS.promptMaxChars) add(BATCH_MESSAGES.rowPromptTooLong);
    if (preview.garment && !GARMENTS.has(preview.garment.toLowerCase())) add(BATCH_MESSAGES.rowGarmentUnknown(preview.garment));
    if (preview.transparent && !YES_NO.has(preview.transparent.toLowerCase()))
      add(BATCH_MESSAGES.rowTransparentUnknown(preview.transparent));
    return preview;
  });
  return { fileProblem: null, total: rows.length, rows: previewRows.slice(0, PREVIEW_ROWS), problems };
}

/** Reads CSV text with csv-parse's browser build, loaded on first use (it stays out of every other page). */
export async function previewCsvText(text: string): Promise<CsvPreview> {
  const { parse } = await import('csv-parse/browser/esm/sync');
  let records: ParsedRecord[];
  try {
    records = parse(text, {
      bom: true,
      delimiter: delimiterOf(text),
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
    }) as unknown as ParsedRecord[];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return refused(line ? `${BATCH_MESSAGES.csvUnreadable} (near line ${line})` : BATCH_MESSAGES.csvUnreadable);
  }
  return csvPreview(records);
}

/** A chosen file: refused when larger than the server takes or not UTF-8 text, else previewed. */
export async function previewCsvFile(file: Pick<Blob, 'size' | 'arrayBuffer'>): Promise<CsvPreview> {
  if (file.size > LIMITS.batchCsvMaxBytes) return refused(BATCH_MESSAGES.csvTooLarge);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    return refused(BATCH_MESSAGES.csvUnreadable);
  }
  return previewCsvText(text);
}
