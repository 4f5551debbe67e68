/**
 * The files of a stored (uncompressed) ZIP, read from its central directory: what the gateway's ZIP
 * downloads write. Enough for tests; not a general ZIP reader (no compression, no ZIP64).
 */
export function readStoredZip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a complete ZIP: no end-of-central-directory record');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let index = 0; index < count; index += 1) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`bad central directory entry ${index}`);
    if (zip.readUInt16LE(at + 10) !== 0) throw new Error('compressed entry: this reader handles stored files only');
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localHeader = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const dataStart = localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
    files.set(name, zip.subarray(dataStart, dataStart + size));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}
