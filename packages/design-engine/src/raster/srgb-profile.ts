import sharp from 'sharp';

const PNG_SIGNATURE_BYTES = 8;
/** IHDR is always the first chunk: length (4) + type (4) + 13 data bytes + CRC (4). */
const IHDR_CHUNK_BYTES = 25;

/** One chunk of a PNG, length and CRC included, or undefined when the file has none of that type. */
function pngChunk(png: Buffer, type: string): Buffer | undefined {
  for (let at = PNG_SIGNATURE_BYTES; at + 8 <= png.length;) {
    const length = png.readUInt32BE(at);
    const end = at + 12 + length;
    if (png.toString('latin1', at + 4, at + 8) === type) return png.subarray(at, end);
    at = end;
  }
  return undefined;
}

/** The sRGB profile chunk (iCCP) exactly as libvips writes it, taken once from a one-pixel PNG. */
let srgbChunk: Promise<Buffer> | undefined;

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
  // A failed first attempt is not kept: the next print tries again.
  const chunk = await (srgbChunk ??= srgbProfileChunk().catch((error: unknown) => {
    srgbChunk = undefined;
    throw error;
  }));
  const afterHeader = PNG_SIGNATURE_BYTES + IHDR_CHUNK_BYTES;
  return Buffer.concat([png.subarray(0, afterHeader), chunk, png.subarray(afterHeader)]);
}
