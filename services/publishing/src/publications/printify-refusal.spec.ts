import { describe, expect, it } from '@jest/globals';
import { PUBLISHING_MESSAGES } from '@printloom/contracts';
import { PrintifyRejected } from '../printify/printify-client.js';
import { refusalOf } from './printify-refusal.js';

describe("a Printify refusal as a publication's error", () => {
  it('reads a 401 as a revoked connection and a 403 on an upload or a create as a missing write scope', () => {
    expect(refusalOf(new PrintifyRejected(401, null, 'HTTP 401'), 'draft')).toEqual({
      code: 'CONNECTION_REVOKED',
      message: PUBLISHING_MESSAGES.connectionRevoked,
    });
    expect(refusalOf(new PrintifyRejected(403, 403, 'This action is unauthorized.'), 'draft')).toEqual({
      code: 'MISSING_PERMISSION',
      message:
        'Your Printify token may not create products or upload images. Create a token with products.write and uploads.write and connect again.',
    });
  });

  it("keeps Printify's reason for validation refusals", () => {
    expect(refusalOf(new PrintifyRejected(400, 8203, 'Validation failed.', 'Image has low quality'), 'draft')).toMatchObject({
      code: 'PRINT_FILE_TOO_SMALL',
      message: expect.stringContaining('Image has low quality'),
    });
  });
});
