import { describe, expect, it } from '@jest/globals';
import { decodeCursor, encodeCursor } from './cursor.js';
import { downloadFileName } from './file-names.js';

describe('page cursors', () => {
  it('round-trip and reject garbage', () => {
    const cursor = { createdAt: '2026-11-22T10:00:00.123456Z', id: '7d1c8c0e-2f6b-4a55-9d3e-1f2a3b4c5d6e' };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    expect(decodeCursor('not-a-cursor')).toBeNull();
    expect(decodeCursor(Buffer.from('yesterday|x').toString('base64url'))).toBeNull();
  });
});

describe('download file names', () => {
  it('come from the quoted slogan or the first words, with the variant letter', () => {
    expect(downloadFileName("a cat astronaut, 'Space Meow' in retro letters", 'A', '', 'png')).toBe('space-meow-A.png');
    expect(downloadFileName('Retro sunset over the mountains with pine trees at dusk', 'C', '', 'png')).toBe(
      'retro-sunset-over-the-mountains-with-C.png',
    );
    expect(downloadFileName('Café ☕ “Déjà Brew”', 'B', '4x', 'png')).toBe('deja-brew-B-4x.png');
    expect(downloadFileName('!!!', null, '', 'webp')).toBe('printloom-design.webp');
  });
});
