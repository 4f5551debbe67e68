// The CSV drop zone's preview: the file read in the browser with the parser and options the server
// uses (csv-parse, loaded only when a file is chosen), its first rows and every bad row by number. Only
// a preview: the server parses the file again and its answer (rowErrors) is authoritative; the style
// words it knows are checked there only.
import type { BatchRowProblem } from '@printloom/contracts/batches.schemas';
import { batchCsvParseOptions, batchCsvTable, csvUnreadableMessage, readBatchCsvRow, type CsvRecord } from '@printloom/contracts/batch-csv';
import { LIMITS } from '@printloom/contracts/limits';
import { BATCH_MESSAGES } from '@printloom/contracts/messages';

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

/** The file's separator, as the server picks it. */
export { csvDelimiterOf as delimiterOf } from '@printloom/contracts/batch-csv';

const refused = (fileProblem: string, total = 0): CsvPreview => ({ fileProblem, total, rows: [], problems: [] });

/** The preview of parsed records, by the contracts' rules of a row (style words are the server's to check). */
export function csvPreview(records: readonly CsvRecord[]): CsvPreview {
  const table = batchCsvTable(records);
  if (table.refused !== null)
    return table.total > 0 ? refused(`${table.refused} This file has ${table.total}.`, table.total) : refused(table.refused);
  const rows = table.rows.map((record) => readBatchCsvRow(table, record));
  return {
    fileProblem: null,
    total: rows.length,
    rows: rows.slice(0, PREVIEW_ROWS).map(({ row, prompt, style, garment, transparent }) => ({ row, prompt, style, garment, transparent })),
    problems: rows.flatMap((row) => row.problems),
  };
}

/** Reads CSV text with csv-parse's browser build, loaded on first use (it stays out of every other page). */
export async function previewCsvText(text: string): Promise<CsvPreview> {
  const { parse } = await import('csv-parse/browser/esm/sync');
  let records: CsvRecord[];
  try {
    records = parse(text, batchCsvParseOptions(text)) as unknown as CsvRecord[];
  } catch (error) {
    return refused(csvUnreadableMessage(error));
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
