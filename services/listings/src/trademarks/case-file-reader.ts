import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { SaxesParser } from 'saxes';
import yauzl from 'yauzl';

/** The fields of one `case-file` the index needs (Trademark Applications Documentation v2.3). */
export interface CaseFileRecord {
  serial: string;
  markIdentification: string | null;
  pseudoMark: string | null;
  /** The header's status code; each classification carries its own, which is not read. */
  statusCode: string | null;
  markDrawingCode: string | null;
  /** Every classification's international-code, e.g. "025". */
  internationalCodes: string[];
  filingDate: string | null;
  registrationDate: string | null;
}

const HEADER_FIELDS: Record<string, keyof CaseFileRecord> = {
  'mark-identification': 'markIdentification',
  'pseudo-mark': 'pseudoMark',
  'status-code': 'statusCode',
  'mark-drawing-code': 'markDrawingCode',
  'filing-date': 'filingDate',
  'registration-date': 'registrationDate',
};

/**
 * The most text kept of one element read: far above any real value (a mark is a few hundred
 * characters, a serial 8 digits). A longer one marks a broken or hostile file; its value is left out
 * (a cut-off mark would be indexed as another mark), and nothing more of it is held in memory.
 */
export const MAX_ELEMENT_TEXT = 2_000;

/**
 * The most text the parser may hold of one node (text, CDATA, comment), read or not: a goods and
 * services statement runs to some thousands of characters; a file with a node past this is refused
 * rather than buffered whole (the parser keeps a node's text until its end).
 */
export const MAX_NODE_TEXT = 1_000_000;

/** The parser's text of the node under way (saxes keeps it in `text` until the node ends). */
const pendingText = (parser: SaxesParser) => ((parser as unknown as { text?: string }).text ?? '').length;

/** Whether the importer reads the text of this element (every other element's text is skipped unkept). */
function isRead(name: string, parent: string | undefined): boolean {
  if (name === 'serial-number') return parent === 'case-file';
  if (name === 'international-code') return parent === 'classification';
  return parent === 'case-file-header' && Object.hasOwn(HEADER_FIELDS, name);
}

function emptyRecord(): CaseFileRecord {
  return {
    serial: '',
    markIdentification: null,
    pseudoMark: null,
    statusCode: null,
    markDrawingCode: null,
    internationalCodes: [],
    filingDate: null,
    registrationDate: null,
  };
}

/**
 * Streams the case files of one `trademark-applications-daily` document (daily or annual file, any
 * size): a SAX parser keeps only the element path, the current case file and the text of the element
 * being read (at most MAX_ELEMENT_TEXT characters) in memory, never a DOM.
 */
export async function* readCaseFiles(xml: Readable): AsyncGenerator<CaseFileRecord> {
  const parser = new SaxesParser();
  const path: string[] = [];
  let current: CaseFileRecord | null = null;
  let text = '';
  /** The element open now is one the importer reads, and its text is still within MAX_ELEMENT_TEXT. */
  let reading = false;
  let tooLong = false;
  let ready: CaseFileRecord[] = [];
  const keep = (chunk: string) => {
    if (!reading) return;
    if (text.length + chunk.length > MAX_ELEMENT_TEXT) {
      [reading, tooLong, text] = [false, true, ''];
      return;
    }
    text += chunk;
  };
  let rootSeen = false;

  parser.on('opentag', (node) => {
    if (!rootSeen) {
      rootSeen = true;
      if (node.name !== 'trademark-applications-daily') throw new Error(`not a USPTO trademark applications file: root <${node.name}>`);
    }
    if (node.name === 'case-file') current = emptyRecord();
    reading = current !== null && isRead(node.name, path[path.length - 1]);
    tooLong = false;
    path.push(node.name);
    text = '';
  });
  parser.on('text', keep);
  parser.on('cdata', keep);
  parser.on('closetag', (node) => {
    path.pop();
    const parent = path[path.length - 1];
    if (current) {
      const value = tooLong ? '' : text.trim();
      if (node.name === 'case-file') {
        if (current.serial) ready.push(current);
        current = null;
      } else if (node.name === 'serial-number' && parent === 'case-file') {
        current.serial = value;
      } else if (parent === 'case-file-header' && Object.hasOwn(HEADER_FIELDS, node.name)) {
        (current as unknown as Record<string, string | null>)[HEADER_FIELDS[node.name]] = value === '' ? null : value;
      } else if (node.name === 'international-code' && parent === 'classification') {
        current.internationalCodes.push(value);
      }
    }
    [reading, tooLong, text] = [false, false, ''];
  });

  xml.setEncoding('utf8');
  for await (const chunk of xml) {
    parser.write(chunk as string);
    if (pendingText(parser) > MAX_NODE_TEXT) {
      throw new Error(`<${path.join('><')}> holds more than ${MAX_NODE_TEXT} characters of text: not a USPTO trademark applications file`);
    }
    if (ready.length > 0) {
      const batch = ready;
      ready = [];
      yield* batch;
    }
  }
  parser.close();
  yield* ready;
}

/** The XML documents in a `.zip` (the USPTO ships `apcYYMMDD.zip`), one after another. */
export async function* readZipCaseFiles(file: string): AsyncGenerator<CaseFileRecord> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: true }, (error, opened) => (error ? reject(error) : resolve(opened))),
  );
  try {
    for (;;) {
      const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
        const onEntry = (found: yauzl.Entry) => {
          zip.off('end', onEnd);
          zip.off('error', reject);
          resolve(found);
        };
        const onEnd = () => {
          zip.off('entry', onEntry);
          resolve(null);
        };
        zip.once('entry', onEntry);
        zip.once('end', onEnd);
        zip.once('error', reject);
        zip.readEntry();
      });
      if (!entry) return;
      if (!entry.fileName.toLowerCase().endsWith('.xml')) continue;
      const stream = await new Promise<Readable>((resolve, reject) =>
        zip.openReadStream(entry, (error, opened) => (error ? reject(error) : resolve(opened))),
      );
      yield* readCaseFiles(stream);
    }
  } finally {
    zip.close();
  }
}

/** A `.xml` or `.zip` file's case files. */
export function readCaseFileSource(file: string): AsyncGenerator<CaseFileRecord> {
  return file.toLowerCase().endsWith('.zip') ? readZipCaseFiles(file) : readCaseFiles(createReadStream(file));
}
