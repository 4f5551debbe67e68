import type { RgbaImage } from './effects.js';

/** A rectangle of an image, in whole pixels. */
export interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * `region` of the image shrunk `factor` times on each side by averaging each factor × factor block,
 * weighted by alpha (so clear pixels lend no colour to an edge), into a new straight-RGBA image; the last
 * blocks of a side that `factor` does not divide average the pixels they have. libvips resizes a
 * print-size RGBA image at ~300 ms of CPU whatever the kernel; this pass takes a third of that, and
 * lanczos then works on the small copy.
 */
export function boxShrink(image: RgbaImage, region: Region, factor: number): RgbaImage {
  const { data, width: stride } = image;
  const width = Math.ceil(region.width / factor);
  const height = Math.ceil(region.height / factor);
  const out = Buffer.alloc(width * height * 4);
  // Per output pixel of the current row of blocks: alpha-weighted red, green and blue, then alpha (doubles:
  // a block of more than 256 × 256 pixels would overflow 32 bits).
  const sums = new Float64Array(width * 4);
  for (let blockRow = 0; blockRow < height; blockRow++) {
    sums.fill(0);
    const firstRow = region.top + blockRow * factor;
    const rows = Math.min(region.top + region.height, firstRow + factor) - firstRow;
    for (let y = firstRow; y < firstRow + rows; y++) {
      const rowStart = (y * stride + region.left) * 4;
      for (let block = 0; block < width; block++) {
        let red = 0;
        let green = 0;
        let blue = 0;
        let alphaSum = 0;
        const end = rowStart + Math.min(region.width, (block + 1) * factor) * 4;
        for (let index = rowStart + block * factor * 4; index < end; index += 4) {
          const alpha = data[index + 3]!;
          if (alpha === 0) continue;
          red += data[index]! * alpha;
          green += data[index + 1]! * alpha;
          blue += data[index + 2]! * alpha;
          alphaSum += alpha;
        }
        if (alphaSum === 0) continue;
        sums[block * 4] += red;
        sums[block * 4 + 1] += green;
        sums[block * 4 + 2] += blue;
        sums[block * 4 + 3] += alphaSum;
      }
    }
    for (let block = 0, at = blockRow * width * 4; block < width; block++, at += 4) {
      const alphaSum = sums[block * 4 + 3]!;
      if (alphaSum === 0) continue;
      const pixels = rows * (Math.min(region.width, (block + 1) * factor) - block * factor);
      out[at] = Math.round(sums[block * 4]! / alphaSum);
      out[at + 1] = Math.round(sums[block * 4 + 1]! / alphaSum);
      out[at + 2] = Math.round(sums[block * 4 + 2]! / alphaSum);
      out[at + 3] = Math.round(alphaSum / pixels);
    }
  }
  return { data: out, width, height };
}
