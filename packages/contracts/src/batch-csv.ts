// The rules of a collection's CSV (issue 31), zod-free: the SPA's preview and generation read a file
// the same way. Parsing itself is csv-parse's, with `batchCsvParseOptions` (the browser build in the SPA,
// the Node one in generation); the rows it gives are judged here. Style words are known to generation
// only (the design engine's): the preview leaves them to the server.
import type { BatchRowProblem } from './batches.schemas.js';
import { LIMITS } from './limits.js';
import { BATCH_MESSAGES } from './messages.js';

/** A record as csv-parse answers it with `info: true`: its fields and its number (the header is 1). */
export interface CsvRecord {
  record: string[];
  info: { records: number };
}

const GARMENTS: Record<string, boolean> = { light: false, white: false, dark: true, black: true };
const YES_NO: Record<string, boolean> = { yes: true, y: true, true: true, '1': true, no: false, n: false, false: false, '0': false };

/** A table's entry for a word typed in a cell (never an inherited property such as "constructor"). */
export function lookupWord<T>(table: Record<string, T>, word: string): T | undefined {
  const key = word.toLowerCase();
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** The file's separator: a comma, unless the header line has semicolons or tabs and no comma (spreadsheets set to other locales). */
export function csvDelimiterOf(text: string): string {
  const header = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  if (header.includes(',')) return ',';
  if (header.includes(';')) return ';';
  if (header.includes('\t')) return '\t';
  return ',';
}

/** csv-parse's options for a collection's file: BOM dropped, its separator, blank lines skipped, records numbered. */
export function batchCsvParseOptions(text: string) {
  return { bom: true, delimiter: csvDelimiterOf(text), relax_column_count: true, skip_empty_lines: true, info: true } as const;
}

/** What to say of a file csv-parse could not read (with the line it stopped at, when it says). */
export function csvUnreadableMessage(error: unknown): string {
  const line = (error as { lines?: number }).lines;
  return line ? `${BATCH_MESSAGES.csvUnreadable} (near line ${line})` : BATCH_MESSAGES.csvUnreadable;
}

interface ColumnsAt {
  prompt: number;
  style: number;
  garment: number;
  transparent: number;
}

export type BatchCsvTable =
  | { refused: null; columns: number; at: ColumnsAt; rows: CsvRecord[] }
  /** `total`: the rows of a file refused for having too many; 0 otherwise. */
  | { refused: string; total: number };

/** The header row names the columns (`prompt` required; `style`, `garment`, `transparent` optional; others ignored). */
export function batchCsvTable(records: readonly CsvRecord[]): BatchCsvTable {
  const [header, ...rows] = records.filter(({ record }) => record.some((field) => field.trim() !== ''));
  if (!header) return { refused: BATCH_MESSAGES.csvEmpty, total: 0 };
  const names = header.record.map((name) => name.trim().toLowerCase());
  const at = {
    prompt: names.indexOf('prompt'),
    style: names.indexOf('style'),
    garment: names.indexOf('garment'),
    transparent: names.indexOf('transparent'),
  };
  if (at.prompt < 0) return { refused: BATCH_MESSAGES.csvNoPromptColumn, total: 0 };
  if (rows.length === 0) return { refused: BATCH_MESSAGES.csvEmpty, total: 0 };
  if (rows.length > LIMITS.batchMaxRows) return { refused: BATCH_MESSAGES.tooManyRows, total: rows.length };
  return { refused: null, columns: names.length, at, rows };
}

export interface BatchCsvRow {
  row: number;
  /** The prompt as written (white space folded), then its style words when the style is known. */
  prompt: string;
  style: string;
  garment: string;
  transparent: string;
  /** For a dark garment; light when the cell is empty. */
  dark: boolean;
  /** Transparent background; yes when the cell is empty. */
  transparentBackground: boolean;
  problems: BatchRowProblem[];
}

/** How generation names a style word's look (undefined for a word it does not know), and the words it knows. */
export interface StyleWords {
  wordsOf: (style: string) => string | undefined;
  known: readonly string[];
}

/** One data row of a table, its cells read and every problem with it named; `styles` only where they are known. */
export function readBatchCsvRow(
  table: Extract<BatchCsvTable, { refused: null }>,
  { record, info }: CsvRecord,
  styles?: StyleWords,
): BatchCsvRow {
  const row = info.records;
  const field = (index: number) => (index >= 0 ? (record[index] ?? '').trim() : '');
  const messages: string[] = [];
  if (record.length > table.columns) messages.push(BATCH_MESSAGES.rowUnreadable);
  let prompt = field(table.at.prompt).replace(/\s+/g, ' ');
  if (!prompt) messages.push(BATCH_MESSAGES.rowPromptMissing);
  const style = field(table.at.style);
  if (style && styles) {
    const words = styles.wordsOf(style);
    if (words) prompt = `${prompt}, ${words} style`;
    else messages.push(BATCH_MESSAGES.rowStyleUnknown(style, styles.known));
  }
  if (prompt.length > LIMITS.promptMaxChars) messages.push(BATCH_MESSAGES.rowPromptTooLong);
  const garment = field(table.at.garment);
  const dark = garment ? lookupWord(GARMENTS, garment) : false;
  if (dark === undefined) messages.push(BATCH_MESSAGES.rowGarmentUnknown(garment));
  const transparent = field(table.at.transparent);
  const transparentBackground = transparent ? lookupWord(YES_NO, transparent) : true;
  if (transparentBackground === undefined) messages.push(BATCH_MESSAGES.rowTransparentUnknown(transparent));
  return {
    row,
    prompt,
    style,
    garment,
    transparent,
    dark: dark ?? false,
    transparentBackground: transparentBackground ?? true,
    problems: messages.map((message) => ({ row, message })),
  };
}
