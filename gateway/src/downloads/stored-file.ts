import { pipeline as pipe, type Readable } from 'node:stream';
import type { Request, Response } from 'express';
import { AppError } from '@printloom/contracts';
import type { Logger } from '@printloom/service-kit';
import { PngTextStamp, type ObjectStorage, type PngText } from '@printloom/storage';
import { FILE_GONE, openOrNotFound, sendStream } from './streaming.js';

/**
 * `Content-Disposition` per RFC 6266: an ASCII `filename` for old clients and the exact name as
 * `filename*` (RFC 8187, UTF-8) for the others.
 */
export function contentDisposition(kind: 'attachment' | 'inline', fileName: string): string {
  return `${kind}; filename="${fileName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A stored PNG on its way out, stamped with its text chunks (files stored before stamping get them too). */
// pipeline() (not pipe()) so a storage read that fails destroys the stamp too, failing the response.
export function stampedPng(stream: Readable, text: PngText | undefined): Readable {
  return text ? pipe(stream, new PngTextStamp(text), () => undefined) : stream;
}

/** The headers of a ZIP handed out whole, never cached. */
export function zipHeaders(fileName: string): Record<string, string> {
  return {
    'content-type': 'application/zip',
    'content-disposition': contentDisposition('attachment', fileName),
    'cache-control': 'private, no-store',
  };
}

export interface StoredFile {
  key: string;
  contentType: string;
  fileName: string;
  /** `inline` for what the browser shows (thumbnails, mockups); `attachment` otherwise. */
  disposition: 'attachment' | 'inline';
  cacheControl: string;
  /** With an ETag, a request that already holds it gets 304 and no body. */
  etag?: string;
  /** The PNG text chunks the file carries on its way out. */
  pngText?: PngText;
}

export interface FileSending {
  storage: ObjectStorage;
  logger: Logger;
  requestId: string;
}

/**
 * The one way a stored file leaves the gateway: 304 for a client that holds it, 404 with a message for
 * one that is gone, else streamed from storage (stamped when it is a PNG with text chunks).
 */
export async function sendStoredFile(req: Request, res: Response, file: StoredFile, { storage, logger, requestId }: FileSending) {
  res.setHeader('cache-control', file.cacheControl);
  if (file.etag) {
    res.setHeader('etag', file.etag);
    if (req.header('if-none-match') === file.etag) {
      res.status(304).end();
      return;
    }
  }
  const stat = await storage.stat(file.key);
  if (!stat) throw new AppError('NOT_FOUND', FILE_GONE);
  // Opened before the headers go out: a file deleted between the two calls is still a 404, not a cut-off 200.
  const source = await openOrNotFound(() => storage.getStream(file.key));
  res.status(200);
  res.setHeader('content-type', file.contentType);
  res.setHeader('content-disposition', contentDisposition(file.disposition, file.fileName));
  // Stamping changes the length: those files go out chunked.
  if (!file.pngText) res.setHeader('content-length', String(stat.size));
  await sendStream(res, stampedPng(source, file.pngText), logger, requestId);
}
