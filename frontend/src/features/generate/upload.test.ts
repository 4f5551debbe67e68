import { describe, expect, it } from 'vitest';
import { acceptableUpload } from './upload';

describe('uploads for Describe', () => {
  it('takes jpeg, png and webp up to 10 MB', () => {
    expect(acceptableUpload({ type: 'image/png', size: 1024 })).toBe(true);
    expect(acceptableUpload({ type: 'image/webp', size: 10 * 1024 * 1024 })).toBe(true);
    expect(acceptableUpload({ type: 'image/jpeg', size: 10 * 1024 * 1024 + 1 })).toBe(false);
    expect(acceptableUpload({ type: 'image/gif', size: 10 })).toBe(false);
  });
});
