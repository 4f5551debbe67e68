import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import type { TestDatabase } from '@printloom/service-kit/testing';
import { TrademarkIndexRepository } from '../src/repositories/trademark-index.repository.js';
import { readCaseFileSource } from '../src/trademarks/case-file-reader.js';
import { importCaseFiles } from '../src/trademarks/trademark-importer.js';
import { FIXTURE, openTrademarkDatabase, storedZip } from './trademarks-support.js';

const KEPT = [
  '90000001',
  '90000002',
  '90000003',
  '90000004',
  '90000005',
  '90000006',
  '90000007',
  '90000008',
  '90000015',
  '90000016',
  '90000017',
  '90000018',
  '90000019',
  '90000020',
  '90000021',
  '90000022',
  '90000023',
  '90000024',
  '90000025',
  '90000027',
];

describe('the USPTO importer against the synthetic fixture', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let index: TrademarkIndexRepository;
  let scratch: string;

  beforeAll(async () => {
    ({ database, dataSource } = await openTrademarkDatabase());
    index = new TrademarkIndexRepository(dataSource);
    scratch = mkdtempSync(path.join(os.tmpdir(), 'pl-trademarks-'));
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('keeps live word marks in 009/016/018/021/025 only, with pseudo-marks, normal forms and phonetic keys', async () => {
    const report = await importCaseFiles(readCaseFileSource(FIXTURE), index);
    expect(report).toMatchObject({
      caseFiles: 32,
      kept: 21,
      skipped: { dead: 5, 'unknown-status': 1, 'design-only': 2, 'other-classes': 3, 'no-words': 0 },
    });
    const rows = await index.listAll();
    expect(rows.map((row) => row.serial)).toEqual(KEPT);
    const bySerial = new Map(rows.map((row) => [row.serial, row]));
    expect(bySerial.get('90000003')).toMatchObject({
      mark: 'KOFFEE KWEEN',
      pseudoMark: 'COFFEE QUEEN',
      norm: 'koffee kween',
      classes: ['025'],
    });
    expect(bySerial.get('90000015')).toMatchObject({ norm: 'silver fjord', classes: ['018', '025'] });
    expect(bySerial.get('90000007')).toMatchObject({ classes: ['009', '025'], statusCode: '702' });
    expect(bySerial.get('90000018')).toMatchObject({ norm: 'cafe noire' });
    expect(bySerial.get('90000019')).toMatchObject({ norm: 'm and j outfitters' });
    expect(bySerial.get('90000021')).toMatchObject({ phonetic: 'STRPLS' });
  });

  it('changes nothing when the same file comes again, as .xml or inside a .zip', async () => {
    const before = await index.listAll();
    const again = await importCaseFiles(readCaseFileSource(FIXTURE), index);
    expect(again).toMatchObject({ written: 0, removed: 0 });
    const zip = path.join(scratch, 'apc251125.zip');
    writeFileSync(zip, storedZip([{ name: 'apc251125.xml', data: readFileSync(FIXTURE) }]));
    const zipped = await importCaseFiles(readCaseFileSource(zip), index);
    expect(zipped).toMatchObject({ caseFiles: 32, written: 0, removed: 0 });
    expect(await index.listAll()).toEqual(before);
  });

  it('takes a mark out when a later file says it died, and updates one that changed', async () => {
    const later = readFileSync(FIXTURE, 'utf8')
      .replace(/(<serial-number>90000002<\/serial-number>[\s\S]*?<status-code>)686/, '$1602')
      .replace('<mark-identification>ZUMA</mark-identification>', '<mark-identification>ZUMA WAVE</mark-identification>');
    const file = path.join(scratch, 'apc251126.xml');
    writeFileSync(file, later);
    const report = await importCaseFiles(readCaseFileSource(file), index);
    expect(report).toMatchObject({ written: 1, removed: 1 });
    const rows = await index.listAll();
    expect(rows.map((row) => row.serial)).not.toContain('90000002');
    expect(rows.find((row) => row.serial === '90000017')).toMatchObject({ mark: 'ZUMA WAVE', norm: 'zuma wave' });
  });

  it('refuses a file that is not a trademark applications document', async () => {
    const file = path.join(scratch, 'other.xml');
    writeFileSync(file, '<?xml version="1.0"?><patent-application-publication/>');
    await expect(importCaseFiles(readCaseFileSource(file), index)).rejects.toThrow(/not a USPTO trademark applications file/);
  });
});
