import { Readable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { MAX_ELEMENT_TEXT, MAX_NODE_TEXT, readCaseFiles, type CaseFileRecord } from './case-file-reader.js';

/** One case file in the published layout (Trademark Applications Documentation v2.3), with the given mark and statement. */
const caseFile = (serial: string, mark: string, statement = 'Clothing, namely, t-shirts') => `
  <case-file>
    <serial-number>${serial}</serial-number>
    <case-file-header>
      <status-code>700</status-code>
      <mark-identification>${mark}</mark-identification>
      <mark-drawing-code>4000</mark-drawing-code>
    </case-file-header>
    <case-file-statements><case-file-statement><text>${statement}</text></case-file-statement></case-file-statements>
    <classifications><classification><international-code>025</international-code></classification></classifications>
  </case-file>`;

const documentOf = (...caseFiles: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><trademark-applications-daily><application-information><file-segments><action-keys>${caseFiles.join('')}</action-keys></file-segments></application-information></trademark-applications-daily>`;

/** The document in 64 KB chunks, as a file stream hands it over. */
async function read(xml: string): Promise<CaseFileRecord[]> {
  const chunks = Array.from({ length: Math.ceil(xml.length / 65_536) }, (_, index) =>
    Buffer.from(xml.slice(index * 65_536, (index + 1) * 65_536)),
  );
  const records: CaseFileRecord[] = [];
  for await (const record of readCaseFiles(Readable.from(chunks))) records.push(record);
  return records;
}

describe('the USPTO case-file reader bounds the text it keeps', () => {
  it(`keeps a mark of ${MAX_ELEMENT_TEXT} characters and leaves out a longer one (the case file goes on without it)`, async () => {
    const longest = 'Z'.repeat(MAX_ELEMENT_TEXT);
    const records = await read(
      documentOf(
        caseFile('90000001', longest),
        caseFile('90000002', `${longest}Z`),
        caseFile('90000003', 'Z'.repeat(100_000)),
        caseFile('90000004', 'ZENTROVA'),
      ),
    );
    expect(records.map((record) => [record.serial, record.markIdentification?.length ?? null, record.internationalCodes])).toEqual([
      ['90000001', MAX_ELEMENT_TEXT, ['025']],
      ['90000002', null, ['025']],
      ['90000003', null, ['025']],
      ['90000004', 8, ['025']],
    ]);
    expect(records[3]).toMatchObject({ markIdentification: 'ZENTROVA', statusCode: '700', markDrawingCode: '4000' });
  });

  it('reads a long statement it does not keep, and refuses a file whose node runs past MAX_NODE_TEXT instead of buffering it', async () => {
    const statement = 'Clothing, namely, t-shirts; '.repeat(10_000);
    await expect(read(documentOf(caseFile('90000001', 'ZENTROVA', statement)))).resolves.toMatchObject([
      { markIdentification: 'ZENTROVA' },
    ]);
    await expect(read(documentOf(caseFile('90000001', 'ZENTROVA', 'x'.repeat(MAX_NODE_TEXT + 200_000))))).rejects.toThrow(
      `<trademark-applications-daily><application-information><file-segments><action-keys><case-file><case-file-statements><case-file-statement><text> holds more than ${MAX_NODE_TEXT} characters of text`,
    );
  });
});
