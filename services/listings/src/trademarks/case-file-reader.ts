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
 * size): a SAX parser keeps only the element path and the current case file in memory, never a DOM.
 */
export async function* readCaseFiles(xml: Readable): AsyncGenerator<CaseFileRecord> {
  const parser = new SaxesParser();
  const path: string[] = [];
  let current: CaseFileRecord | null = null;
  let text = '';
  let ready: CaseFileRecord[] = [];
  let rootSeen = false;

  parser.on('opentag', (node) => {
    if (!rootSeen) {
      rootSeen = true;
      if (node.name !== 'trademark-applications-daily') throw new Error(`not a USPTO trademark applications file: root <${node.name}>`);
    }
    path.push(node.name);
    text = '';
    if (node.name === 'case-file') current = emptyRecord();
  });
  parser.on('text', (chunk) => {
    if (current) text += chunk;
  });
  parser.on('cdata', (chunk) => {
    if (current) text += chunk;
  });
  parser.on('closetag', (node) => {
    path.pop();
    const parent = path[path.length - 1];
    if (current) {
      const value = text.trim();
      if (node.name === 'case-file') {
        if (current.serial) ready.push(current);
        current = null;
      } else if (node.name === 'serial-number' && parent === 'case-file') {
        current.serial = value;
      } else if (parent === 'case-file-header' && HEADER_FIELDS[node.name]) {
        (current as unknown as Record<string, string | null>)[HEADER_FIELDS[node.name]] = value === '' ? null : value;
      } else if (node.name === 'international-code' && parent === 'classification') {
        current.internationalCodes.push(value);
      }
    }
    text = '';
  });

  xml.setEncoding('utf8');
  for await (const chunk of xml) {
    parser.write(chunk as string);
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
