import { parse } from 'csv-parse/sync';
import { AppError, BATCH_MESSAGES, LIMITS, batchValues, fillTemplate, type BatchRowProblem } from '@printloom/contracts';
import { STYLES, STYLE_WORDS } from '@printloom/design-engine';

/** One design of a batch, as generation understands it. */
export interface BatchDesign {
  prompt: string;
  dark: boolean;
  transparent: boolean;
}

const GARMENTS: Record<string, boolean> = { light: false, white: false, dark: true, black: true };
const YES_NO: Record<string, boolean> = { yes: true, y: true, true: true, '1': true, no: false, n: false, false: false, '0': false };

/** A table's entry for a word typed in a cell (never an inherited property such as "constructor"). */
function lookup<T>(table: Record<string, T>, word: string): T | undefined {
  const key = word.toLowerCase();
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** A refused input: the message, and every bad row by number when there are rows to name. */
function refused(message: string, rowErrors?: BatchRowProblem[]): AppError {
  return new AppError('BAD_REQUEST', message, rowErrors ? { rowErrors } : undefined);
}

function checkCount(count: number, emptyMessage: string): void {
  if (count === 0) throw refused(emptyMessage);
  if (count > LIMITS.batchMaxRows) throw refused(BATCH_MESSAGES.tooManyRows);
}

/** A template batch: one design per value (trimmed, blanks and repeats dropped), all with the same options. */
export function designsFromTemplate(
  template: string,
  values: readonly string[],
  options: { dark: boolean; transparent: boolean },
): BatchDesign[] {
  const kept = batchValues(values);
  checkCount(kept.length, BATCH_MESSAGES.valuesRequired);
  const problems: BatchRowProblem[] = [];
  const designs = kept.map((value, index) => {
    const prompt = fillTemplate(template, value);
    if (prompt.length > LIMITS.promptMaxChars) problems.push({ row: index + 1, message: BATCH_MESSAGES.promptTooLong(value) });
    return { prompt, ...options };
  });
  if (problems.length > 0) throw refused(problems[0].message, problems);
  return designs;
}

/** The file's separator: a comma, unless the header line has semicolons or tabs and no comma (spreadsheets set to other locales). */
function delimiterOf(text: string): string {
  const header = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  if (header.includes(',')) return ',';
  if (header.includes(';')) return ';';
  if (header.includes('\t')) return '\t';
  return ',';
}

/**
 * A CSV batch: UTF-8 with or without a BOM, a header row naming the columns (`prompt` required;
 * `style`, `garment`, `transparent` optional; others ignored), quoted fields with commas, quotes and
 * line breaks inside, CRLF or LF, blank lines ignored. Rows are numbered as records with the header as
 * row 1. Any bad row refuses the whole file, naming every bad row: a seller fixes the sheet once and
 * never pays for a collection with holes in it.
 */
export function designsFromCsv(text: string): BatchDesign[] {
  let records: Array<{ record: string[]; info: { records: number } }>;
  try {
    records = parse(text, {
      bom: true,
      delimiter: delimiterOf(text),
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
    }) as unknown as Array<{ record: string[]; info: { records: number } }>;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw refused(line ? `${BATCH_MESSAGES.csvUnreadable} (near line ${line})` : BATCH_MESSAGES.csvUnreadable);
  }
  const [header, ...rows] = records.filter(({ record }) => record.some((field) => field.trim() !== ''));
  if (!header) throw refused(BATCH_MESSAGES.csvEmpty);
  const columns = header.record.map((name) => name.trim().toLowerCase());
  const column = (name: string) => columns.indexOf(name);
  const at = { prompt: column('prompt'), style: column('style'), garment: column('garment'), transparent: column('transparent') };
  if (at.prompt < 0) throw refused(BATCH_MESSAGES.csvNoPromptColumn);
  checkCount(rows.length, BATCH_MESSAGES.csvEmpty);

  const problems: BatchRowProblem[] = [];
  const designs = rows.map(({ record, info }) => {
    const row = info.records;
    const field = (index: number) => (index >= 0 ? (record[index] ?? '').trim() : '');
    const rowProblems: string[] = [];
    if (record.length > columns.length) rowProblems.push(BATCH_MESSAGES.rowUnreadable);
    let prompt = field(at.prompt).replace(/\s+/g, ' ');
    if (!prompt) rowProblems.push(BATCH_MESSAGES.rowPromptMissing);
    const style = field(at.style);
    if (style) {
      const known = lookup(STYLE_WORDS, style);
      if (known) prompt = `${prompt}, ${known} style`;
      else rowProblems.push(BATCH_MESSAGES.rowStyleUnknown(style, STYLES));
    }
    if (prompt.length > LIMITS.promptMaxChars) rowProblems.push(BATCH_MESSAGES.rowPromptTooLong);
    const garment = field(at.garment);
    const dark = garment ? lookup(GARMENTS, garment) : false;
    if (dark === undefined) rowProblems.push(BATCH_MESSAGES.rowGarmentUnknown(garment));
    const transparentText = field(at.transparent);
    const transparent = transparentText ? lookup(YES_NO, transparentText) : true;
    if (transparent === undefined) rowProblems.push(BATCH_MESSAGES.rowTransparentUnknown(transparentText));
    for (const message of rowProblems) problems.push({ row, message });
    return { prompt, dark: dark ?? false, transparent: transparent ?? true };
  });
  if (problems.length > 0) {
    const badRows = new Set(problems.map((problem) => problem.row)).size;
    throw refused(BATCH_MESSAGES.csvRejected(badRows), problems);
  }
  return designs;
}
