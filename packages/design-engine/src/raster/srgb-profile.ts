import sharp from 'sharp';

const PNG_SIGNATURE_BYTES = 8;
/** IHDR is always the first chunk: length (4) + type (4) + 13 data bytes + CRC (4). */
const IHDR_CHUNK_BYTES = 25;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * One ancillary chunk of a PNG that comes before the image data (iCCP, pHYs...), length and CRC
 * included, or undefined when the file has none of that type (or is no PNG).
 */
function pngChunk(png: Buffer, type: string): Buffer | undefined {
  if (png.length < PNG_SIGNATURE_BYTES || !png.subarray(0, PNG_SIGNATURE_BYTES).equals(PNG_SIGNATURE)) return undefined;
  for (let at = PNG_SIGNATURE_BYTES; at + 8 <= png.length;) {
    const length = png.readUInt32BE(at);
    const end = at + 12 + length;
    const found = png.toString('latin1', at + 4, at + 8);
    if (found === type) return png.subarray(at, end);
    if (found === 'IDAT') return undefined;
    at = end;
  }
  return undefined;
}

/** The sRGB profile chunk (iCCP) exactly as libvips writes it, taken once from a one-pixel PNG. */
let srgbChunk: Promise<Buffer> | undefined;

function srgbChunkOnce(): Promise<Buffer> {
  // A failed first attempt is not kept: the next print tries again.
  return (srgbChunk ??= srgbProfileChunk().catch((error: unknown) => {
    srgbChunk = undefined;
    throw error;
  }));
}

async function srgbProfileChunk(): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .withIccProfile('srgb')
    .png()
    .toBuffer();
  const chunk = pngChunk(png, 'iCCP');
  if (!chunk) throw new Error('libvips wrote no iCCP chunk for the sRGB profile');
  return Buffer.from(chunk);
}

/**
 * The PNG with the sRGB ICC profile attached, for pixels that are sRGB already. sharp's
 * `withIccProfile` always converts the pixels to the profile too, which for sRGB to sRGB changes nothing
 * but costs about 200 ms per print-size image; the chunk itself is the same bytes every time.
 */
export async function withSrgbProfile(png: Buffer): Promise<Buffer> {
  if (pngChunk(png, 'iCCP')) return png;
  const chunk = await srgbChunkOnce();
  const afterHeader = PNG_SIGNATURE_BYTES + IHDR_CHUNK_BYTES;
  return Buffer.concat([png.subarray(0, afterHeader), chunk, png.subarray(afterHeader)]);
}

/**
 * The PNG to decode, without its ICC profile when that profile is the sRGB one `withSrgbProfile`
 * attaches (every print file the system makes). sharp converts every input carrying a profile to sRGB
 * through it: sRGB to sRGB changes no pixel but costs about 250 ms per print-size decode (measured: a
 * decode 3.8x dearer with the profile than without). Any other profile, or none, is left as it is.
 */
export async function withoutSrgbProfile(png: Buffer): Promise<Buffer> {
  const profile = pngChunk(png, 'iCCP');
  if (!profile || !profile.equals(await srgbChunkOnce())) return png;
  const start = profile.byteOffset - png.byteOffset;
  return Buffer.concat([png.subarray(0, start), png.subarray(start + profile.length)]);
}
