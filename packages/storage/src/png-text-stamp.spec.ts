import { Readable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { inflateSync, deflateSync, crc32 } from 'node:zlib';
import { isPng, PngTextStamp, textChunk, withPngText } from './png-text-stamp.js';

/** A real 2×1 RGBA PNG built by hand (no image library needed). */
function tinyPng(extraChunks: Buffer[] = []): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(data, crc32(Buffer.from(type, 'latin1'))) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const pixels = deflateSync(Buffer.from([0, 255, 0, 0, 255, 0, 0, 255, 128]));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...extraChunks,
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Every chunk of a PNG, checked against its CRC. */
function chunksOf(png: Buffer): Array<{ type: string; data: Buffer }> {
  const chunks: Array<{ type: string; data: Buffer }> = [];
  for (let offset = 8; offset < png.length;) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    expect(png.readUInt32BE(offset + 8 + length)).toBe(crc32(data, crc32(Buffer.from(type, 'latin1'))) >>> 0);
    chunks.push({ type, data });
    offset += length + 12;
  }
  return chunks;
}

const texts = (png: Buffer) =>
  chunksOf(png)
    .filter((chunk) => chunk.type === 'tEXt' || chunk.type === 'iTXt')
    .map((chunk) => {
      const keyword = chunk.data.subarray(0, chunk.data.indexOf(0)).toString('latin1');
      return chunk.type === 'tEXt'
        ? [keyword, chunk.data.subarray(keyword.length + 1).toString('latin1')]
        : [keyword, chunk.data.subarray(keyword.length + 5).toString('utf8')];
    });

describe('PNG text chunks', () => {
  it('stamps text right after the header, Latin-1 as tEXt and anything else as UTF-8 iTXt, image data untouched', async () => {
    const original = tinyPng();
    const stamped = await withPngText(original, { Title: 'Space Meow', Description: 'a cat, ‘Space Meow’ 🐱', Software: 'Printloom' });
    const chunks = chunksOf(stamped);
    expect(chunks.map((chunk) => chunk.type)).toEqual(['IHDR', 'tEXt', 'iTXt', 'tEXt', 'IDAT', 'IEND']);
    expect(texts(stamped)).toEqual([
      ['Title', 'Space Meow'],
      ['Description', 'a cat, ‘Space Meow’ 🐱'],
      ['Software', 'Printloom'],
    ]);
    expect(inflateSync(chunks[4]!.data)).toEqual(inflateSync(chunksOf(original)[1]!.data));
    expect(isPng(stamped)).toBe(true);
  });

  it('replaces chunks with the same keywords (stamped when stored, stamped again on the way out) and keeps the others', async () => {
    const stored = tinyPng([textChunk('Title', 'Old title'), textChunk('Author', 'Someone')]);
    const out = await withPngText(stored, { Title: 'New title', Software: 'Printloom' });
    expect(texts(out)).toEqual([
      ['Title', 'New title'],
      ['Software', 'Printloom'],
      ['Author', 'Someone'],
    ]);
  });

  it('works on a stream that arrives a few bytes at a time', async () => {
    const original = tinyPng([textChunk('Title', 'x')]);
    const pieces = Array.from({ length: Math.ceil(original.length / 3) }, (_, index) => original.subarray(index * 3, index * 3 + 3));
    const parts: Buffer[] = [];
    for await (const part of Readable.from(pieces).pipe(new PngTextStamp({ Title: 'Streamed' }))) parts.push(part as Buffer);
    expect(Buffer.concat(parts)).toEqual(await withPngText(original, { Title: 'Streamed' }));
    expect(texts(Buffer.concat(parts))).toEqual([['Title', 'Streamed']]);
  });

  it('refuses a file that is not a PNG', async () => {
    await expect(withPngText(Buffer.from('GIF89a not a png at all'), { Title: 'x' })).rejects.toThrow('Not a PNG');
  });
});
