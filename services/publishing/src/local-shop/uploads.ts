// The local shop's image uploads (`POST /v1/uploads/images.json`): by URL (downloaded as Printify does)
// or base64 (at most 5 MB), each kept with a small copy the mockups are drawn from.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { printifyDate, refused } from './printify-answers.js';

export interface StoredImage {
  id: string;
  file_name: string;
  width: number;
  height: number;
  size: number;
  mime_type: string;
  upload_time: string;
  /** A small copy for the mockups. */
  thumbnail: Buffer;
}

const BASE64_MAX_BYTES = 5 * 1024 * 1024;
const URL_MAX_BYTES = 100 * 1024 * 1024;

export class LocalUploads {
  private readonly images = new Map<string, StoredImage>();

  get(id: string): StoredImage | undefined {
    return this.images.get(id);
  }

  /** Printify's upload answer; `baseUrl` starts its preview link. */
  async upload(body: Record<string, unknown>, baseUrl: string) {
    const fileName = typeof body.file_name === 'string' ? body.file_name : '';
    if (!fileName) throw refused(8201, 'file_name is required');
    let data: Buffer;
    if (typeof body.contents === 'string') {
      data = Buffer.from(body.contents, 'base64');
      if (data.length > BASE64_MAX_BYTES) throw refused(8201, 'Base64 uploads are limited to 5 MB: upload larger files by URL');
    } else if (typeof body.url === 'string') {
      data = await download(body.url);
    } else {
      throw refused(8201, 'Either url or contents is required');
    }
    let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
    let thumbnail: Buffer;
    try {
      meta = await sharp(data, { limitInputPixels: 100_000_000 }).metadata();
      // The upload's own colour profile goes with its pixels into the thumbnail: converting a print-size
      // file through it first would cost most of the upload's CPU (sRGB to sRGB for the files we send).
      thumbnail = await sharp(data, { limitInputPixels: 100_000_000 })
        .keepIccProfile()
        .resize(400, 400, { fit: 'inside' })
        .png()
        .toBuffer();
    } catch {
      throw refused(8201, 'The file is not an image Printify can read');
    }
    const image: StoredImage = {
      id: randomBytes(12).toString('hex'),
      file_name: fileName,
      width: meta.width ?? 0,
      height: meta.height ?? 0,
      size: data.length,
      mime_type: `image/${meta.format ?? 'png'}`,
      upload_time: printifyDate(),
      thumbnail,
    };
    this.images.set(image.id, image);
    const { thumbnail: _thumbnail, ...view } = image;
    return { ...view, preview_url: `${baseUrl}/v1/uploads/${image.id}` };
  }
}

/** Fetches an upload's URL as Printify does; a failure is error 10300. */
async function download(url: string): Promise<Buffer> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(60_000), redirect: 'follow' });
  } catch (error) {
    throw refused(10300, `Could not download the file: ${(error as Error).message}`);
  }
  if (!response.ok) throw refused(10300, `Could not download the file (HTTP ${response.status})`);
  const data = Buffer.from(await response.arrayBuffer());
  if (data.length > URL_MAX_BYTES) throw refused(8201, 'The file is too large');
  return data;
}
