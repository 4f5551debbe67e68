import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { withoutSrgbProfile, withSrgbProfile } from './srgb-profile.js';

/** A small patterned RGBA image with some half-transparent pixels. */
function pattern(width = 64, height = 48): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let index = 0; index < width * height; index++) {
    data[index * 4] = (index * 7) % 256;
    data[index * 4 + 1] = (index * 13) % 256;
    data[index * 4 + 2] = (index * 29) % 256;
    data[index * 4 + 3] = index % 3 === 0 ? 128 : 255;
  }
  return data;
}
const raw = { raw: { width: 64, height: 48, channels: 4 as const } };

describe('decoding a print file without its sRGB profile', () => {
  it('takes off exactly the sRGB profile withSrgbProfile attaches: the same pixels as the converting decode, no profile left', async () => {
    const tagged = await withSrgbProfile(await sharp(pattern(), raw).withDensity(300).png().toBuffer());
    expect((await sharp(tagged).metadata()).icc).toBeDefined();

    const plain = await withoutSrgbProfile(tagged);
    expect(plain.length).toBeLessThan(tagged.length);
    const metadata = await sharp(plain).metadata();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.density).toBe(300);
    expect(await sharp(plain).raw().toBuffer()).toEqual(await sharp(tagged).raw().toBuffer());
    expect(await withSrgbProfile(plain)).toEqual(tagged);
  });

  it('leaves any other profile, a PNG without one and an image that is no PNG as they are', async () => {
    const displayP3 = await sharp(pattern(), raw).withIccProfile('p3').png().toBuffer();
    expect((await sharp(displayP3).metadata()).icc).toBeDefined();
    expect(await withoutSrgbProfile(displayP3)).toBe(displayP3);

    const untagged = await sharp(pattern(), raw).png().toBuffer();
    expect(await withoutSrgbProfile(untagged)).toBe(untagged);

    const jpeg = await sharp(pattern(), raw).withIccProfile('srgb').jpeg().toBuffer();
    expect(await withoutSrgbProfile(jpeg)).toBe(jpeg);
    const truncated = Buffer.from('not an image');
    expect(await withoutSrgbProfile(truncated)).toBe(truncated);
  });
});
