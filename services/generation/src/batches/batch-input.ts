import { parse } from 'csv-parse/sync';
import {
  AppError,
  BATCH_MESSAGES,
  LIMITS,
  batchCsvParseOptions,
  batchCsvTable,
  batchValues,
  csvUnreadableMessage,
  fillTemplate,
  lookupWord,
  readBatchCsvRow,
  type BatchRowProblem,
  type CsvRecord,
} from '@printloom/contracts';
import { STYLES, STYLE_WORDS } from '@printloom/design-engine';

/** One design of a batch, as generation understands it. */
export interface BatchDesign {
  prompt: string;
  dark: boolean;
  transparent: boolean;
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

/**
 * A CSV batch: UTF-8 with or without a BOM, a header row naming the columns (`prompt` required;
 * `style`, `garment`, `transparent` optional; others ignored), quoted fields with commas, quotes and
 * line breaks inside, CRLF or LF, blank lines ignored. Rows are numbered as records with the header as
 * row 1. Any bad row refuses the whole file, naming every bad row: a seller fixes the sheet once and
 * never pays for a collection with holes in it.
 */
export function designsFromCsv(text: string): BatchDesign[] {
  let records: CsvRecord[];
  try {
    records = parse(text, batchCsvParseOptions(text)) as unknown as CsvRecord[];
  } catch (error) {
    throw refused(csvUnreadableMessage(error));
  }
  const table = batchCsvTable(records);
  if (table.refused !== null) throw refused(table.refused);

  const styles = { wordsOf: (style: string) => lookupWord(STYLE_WORDS, style), known: STYLES };
  const rows = table.rows.map((record) => readBatchCsvRow(table, record, styles));
  const problems = rows.flatMap((row) => row.problems);
  if (problems.length > 0) {
    const badRows = new Set(problems.map((problem) => problem.row)).size;
    throw refused(BATCH_MESSAGES.csvRejected(badRows), problems);
  }
  return rows.map(({ prompt, dark, transparentBackground }) => ({ prompt, dark, transparent: transparentBackground }));
}
