import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { STATUS_CODES, isKnownStatus, isLiveStatus } from './live-status-codes.js';

describe('USPTO status codes (Status Codes Table 1)', () => {
  it('reads abandoned, cancelled and expired statuses as dead, and pending, registered and renewed ones as live', () => {
    for (const code of ['600', '602', '606', '614', '626', '709', '710', '712', '716', '900', '000'])
      expect([code, isLiveStatus(code)]).toEqual([code, false]);
    for (const code of ['612', '630', '641', '686', '688', '700', '702', '706', '715', '717', '730', '774', '800', '818', '973'])
      expect([code, isLiveStatus(code)]).toEqual([code, true]);
  });

  it('knows no code outside the table: such a status is neither live nor known', () => {
    for (const code of ['599', '699', '799', '999', '6', 'abc', '', undefined]) {
      expect(isLiveStatus(code)).toBe(false);
      expect(isKnownStatus(code)).toBe(false);
    }
    expect(Object.keys(STATUS_CODES).every((code) => /^\d{3}$/.test(code))).toBe(true);
  });

  it('knows every header status of the fixture (written from the published format)', () => {
    const xml = readFileSync(new URL('../../test/fixtures/uspto-daily-synthetic.xml', import.meta.url), 'utf8');
    const headers = [...xml.matchAll(/<case-file-header>([\s\S]*?)<\/case-file-header>/g)].flatMap((header) => {
      const status = /<status-code>(\d+)<\/status-code>/.exec(header[1]);
      return status ? [status[1]] : [];
    });
    expect(headers.length).toBeGreaterThan(20);
    expect(headers.filter((code) => !isKnownStatus(code))).toEqual([]);
  });
});
