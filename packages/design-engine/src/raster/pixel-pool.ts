/**
 * Full-size RGBA buffers kept for reuse: a print-size image is about 100 MB, and a buffer dropped after
 * every variant waits for the garbage collector, so a job of 4 would hold all four at its peak. A
 * variant borrows one, draws and finishes in it, and gives it back.
 */
export class PixelPool {
  private readonly spare: Buffer[] = [];

  constructor(
    /** Buffers kept while nobody borrows them (the renders that run at once). */
    private readonly keep: number,
  ) {}

  /** A buffer of exactly `bytes` (a view of a larger spare one when it fits); contents are undefined. */
  borrow(bytes: number): Buffer {
    const index = this.spare.findIndex((buffer) => buffer.length >= bytes);
    const buffer = index >= 0 ? this.spare.splice(index, 1)[0]! : Buffer.allocUnsafeSlow(bytes);
    return buffer.length === bytes ? buffer : buffer.subarray(0, bytes);
  }

  giveBack(buffer: Buffer): void {
    // The whole allocation, not the view that was handed out.
    const whole = Buffer.from(buffer.buffer, 0, buffer.buffer.byteLength);
    if (this.spare.length < this.keep) this.spare.push(whole);
    this.spare.sort((a, b) => a.length - b.length);
  }
}
