import { describe, expect, it } from '@jest/globals';
import type { CaseFileRecord } from './case-file-reader.js';
import { indexDecision } from './index-entry.js';

const record = (internationalCodes: string[]): CaseFileRecord => ({
  serial: '90000099',
  markIdentification: 'TOTE TIDE',
  pseudoMark: null,
  statusCode: '700',
  markDrawingCode: '4000',
  internationalCodes,
  filingDate: null,
  registrationDate: null,
});

describe('which marks the index keeps', () => {
  it('keeps a live mark for bags and totes (class 018), with its class', () => {
    expect(indexDecision(record(['18']))).toMatchObject({ keep: true, entry: { classes: ['018'] } });
    expect(indexDecision(record(['018', '025', '041']))).toMatchObject({ keep: true, entry: { classes: ['018', '025'] } });
  });

  it('leaves out a mark only in classes no product of ours sits in', () => {
    expect(indexDecision(record(['041']))).toEqual({ keep: false, reason: 'other-classes' });
  });
});
