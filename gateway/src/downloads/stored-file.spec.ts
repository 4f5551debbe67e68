import { describe, expect, it } from '@jest/globals';
import { contentDisposition, zipHeaders } from './stored-file.js';

describe('Content-Disposition (RFC 6266)', () => {
  it('gives an ASCII filename for old clients and the exact name as filename* in UTF-8', () => {
    expect(contentDisposition('attachment', 'Café ☕ "mug".png')).toBe(
      `attachment; filename="Caf_____mug_.png"; filename*=UTF-8''Caf%C3%A9%20%E2%98%95%20%22mug%22.png`,
    );
    expect(contentDisposition('inline', 'space-meow-A.png')).toBe(`inline; filename="space-meow-A.png"; filename*=UTF-8''space-meow-A.png`);
  });

  it('hands every ZIP out as an uncached attachment named both ways', () => {
    expect(zipHeaders('printloom-listing-kit-2-designs.zip')).toEqual({
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="printloom-listing-kit-2-designs.zip"; filename*=UTF-8''printloom-listing-kit-2-designs.zip`,
      'cache-control': 'private, no-store',
    });
  });
});
