import { Transform, type TransformCallback } from 'node:stream';
import { crc32 } from 'node:zlib';

/** PNG text chunks by keyword (Title, Description, Software, Creation Time, …). */
export type PngText = Record<string, string>;

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const TEXT_TYPES = new Set(['tEXt', 'iTXt', 'zTXt']);
// tEXt is Latin-1 only; anything else (a prompt with an emoji or a curly quote) goes in an iTXt chunk.
const LATIN1 = /^[\u0020-\u007e\u00a0-\u00ff\n]*$/;

export const isPng = (data: Buffer): boolean => data.length >= 8 && data.subarray(0, 8).equals(SIGNATURE);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(Buffer.from(type, 'latin1'))) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** One text chunk: tEXt when the text is Latin-1, else an uncompressed UTF-8 iTXt. */
export function textChunk(keyword: string, text: string): Buffer {
  const key = Buffer.from(keyword.slice(0, 79), 'latin1');
  if (LATIN1.test(text)) return chunk('tEXt', Buffer.concat([key, Buffer.from([0]), Buffer.from(text, 'latin1')]));
  // keyword \0, compression flag 0, method 0, empty language tag \0, empty translated keyword \0, text.
  return chunk('iTXt', Buffer.concat([key, Buffer.from([0, 0, 0, 0, 0]), Buffer.from(text, 'utf8')]));
}

function keywordOf(data: Buffer): string {
  const end = data.indexOf(0);
  return data.subarray(0, end < 0 ? Math.min(79, data.length) : end).toString('latin1');
}

/**
 * A PNG stream with `text` stamped in, right after its header: chunks with the same keywords are
 * replaced (so a file stamped when stored is not stamped twice), every other byte passes unchanged.
 * Image data is never held whole: only the small text chunks are buffered to read their keyword.
 */
export class PngTextStamp extends Transform {
  private pending: Buffer = Buffer.alloc(0);
  private started = false;
  /** Bytes of the current non-text chunk still to pass through. */
  private passing = 0;
  private readonly chunks: Buffer;
  private readonly keywords: Set<string>;

  constructor(text: PngText) {
    super();
    this.keywords = new Set(Object.keys(text));
    this.chunks = Buffer.concat(Object.entries(text).map(([keyword, value]) => textChunk(keyword, value)));
  }

  override _transform(data: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    try {
      this.pending = this.pending.length ? Buffer.concat([this.pending, data]) : data;
      this.drain();
      done();
    } catch (error) {
      done(error as Error);
    }
  }

  override _flush(done: TransformCallback): void {
    if (this.pending.length) this.push(this.pending);
    done();
  }

  private drain(): void {
    if (!this.started) {
      if (this.pending.length < SIGNATURE.length) return;
      if (!this.pending.subarray(0, 8).equals(SIGNATURE)) throw new Error('Not a PNG');
      this.push(this.pending.subarray(0, 8));
      this.pending = this.pending.subarray(8);
      this.started = true;
    }
    for (;;) {
      if (this.passing > 0) {
        const take = Math.min(this.passing, this.pending.length);
        if (take === 0) return;
        this.push(this.pending.subarray(0, take));
        this.pending = this.pending.subarray(take);
        this.passing -= take;
        continue;
      }
      if (this.pending.length < 8) return;
      const length = this.pending.readUInt32BE(0);
      const type = this.pending.toString('latin1', 4, 8);
      const total = length + 12;
      if (TEXT_TYPES.has(type) || type === 'IHDR') {
        if (this.pending.length < total) return;
        const whole = this.pending.subarray(0, total);
        this.pending = this.pending.subarray(total);
        if (type === 'IHDR') this.push(Buffer.concat([whole, this.chunks]));
        else if (!this.keywords.has(keywordOf(whole.subarray(8, 8 + length)))) this.push(whole);
        continue;
      }
      this.passing = total;
    }
  }
}

/** The same stamp on a PNG held in memory (files written at ingest, derived exports). */
export function withPngText(png: Buffer, text: PngText): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    const stamp = new PngTextStamp(text);
    stamp.on('data', (part: Buffer) => parts.push(part));
    stamp.on('end', () => resolve(Buffer.concat(parts)));
    stamp.on('error', reject);
    stamp.end(png);
  });
}
