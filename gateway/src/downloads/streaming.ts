import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import { AppError } from '@printloom/contracts';
import type { Logger } from '@printloom/service-kit';
import { ObjectNotFoundError } from '@printloom/storage';

export interface ZipEntry {
  key: string;
  fileName: string;
}

/** The browser went away (closed the tab, cancelled the download): not an error of ours. */
class ClientGone extends Error {
  constructor() {
    super('client closed the connection');
  }
}

/**
 * Streams one object into the response. A client that leaves or a storage read that fails ends this
 * response only (the socket is destroyed, the source closed, one log line); nothing rejects unhandled.
 */
export async function sendStream(res: Response, source: Readable, logger: Logger, requestId: string): Promise<void> {
  let first: 'client' | 'storage' | undefined; // whichever side failed first is the cause
  res.once('close', () => (first ??= res.writableFinished ? undefined : 'client'));
  source.once('error', () => (first ??= 'storage'));
  try {
    await pipeline(source, res);
  } catch (error) {
    source.destroy();
    if (!res.destroyed) res.destroy();
    if (first === 'client') logger.debug({ requestId }, 'client left during a download');
    else logger.warn({ requestId, err: error }, 'download stopped');
  }
}

export const ZIP_FILE_GONE = 'An image of this selection was just deleted. Please refresh and try again.';
export const FILE_GONE = 'The file of this image is no longer stored. Please refresh and try again.';

/** Opens a stored object; one that is missing (deleted meanwhile, lost by storage) is a 404 with a message. */
export async function openOrNotFound(open: () => Promise<Readable>, message = FILE_GONE): Promise<Readable> {
  try {
    return await open();
  } catch (error) {
    throw error instanceof ObjectNotFoundError ? new AppError('NOT_FOUND', message) : error;
  }
}

/** Arrays and generators alike, one entry at a time. */
async function* eachOf<E>(entries: Iterable<E> | AsyncIterable<E>): AsyncGenerator<E> {
  yield* entries;
}

/**
 * Many objects as one ZIP, never built in memory: each file is opened only when the archive is ready
 * for it, so a file deleted meanwhile is found missing at its turn, and a client that leaves stops the
 * reading at once. Either ends the archive and this response, with one log line; the process lives on.
 * The headers go out only once the first file opened: until then a missing file is a plain 404.
 * `entries` may be a generator that makes its files as the archive asks for them (a listing kit): it
 * is asked for the next entry only when the one before went in, and stopped when the archive stops.
 */
export async function sendZip<E extends ZipEntry>(
  res: Response,
  entries: Iterable<E> | AsyncIterable<E>,
  open: (entry: E) => Promise<Readable>,
  headers: Record<string, string>,
  logger: Logger,
  requestId: string,
): Promise<void> {
  // Loaded on the first ZIP, not at start: most processes (and most test files) never make one.
  const { ZipArchive } = await import('archiver');
  const iterator = eachOf(entries);
  let next: IteratorResult<E>;
  let first: Readable | undefined;
  try {
    next = await iterator.next();
    first = next.done ? undefined : await openOrNotFound(() => open(next.value as E), ZIP_FILE_GONE);
  } catch (error) {
    await iterator.return(undefined);
    throw error;
  }
  res.status(200);
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  const archive = new ZipArchive({ store: true }); // PNGs are compressed already
  const stopping = new AbortController();
  let reading: Readable | undefined;
  const stop = (reason: unknown) => {
    if (stopping.signal.aborted) return;
    stopping.abort(reason);
    reading?.destroy();
    archive.abort();
    archive.destroy();
    if (!res.destroyed) res.destroy();
  };
  archive.on('warning', (warning: Error) => logger.warn({ requestId, err: warning }, 'ZIP warning'));
  archive.on('error', stop);
  res.on('close', () => {
    if (!res.writableFinished) stop(new ClientGone());
  });
  const delivered = pipeline(archive, res).catch(stop);

  try {
    for (let index = 0; !next.done; index += 1) {
      if (stopping.signal.aborted) {
        first?.destroy();
        break;
      }
      reading = index === 0 && first ? first : await open(next.value);
      if (stopping.signal.aborted) {
        reading.destroy();
        break;
      }
      reading.once('error', stop);
      const appended = once(archive, 'entry', { signal: stopping.signal });
      archive.append(reading, { name: next.value.fileName });
      await appended;
      next = await iterator.next();
    }
    if (!stopping.signal.aborted) await archive.finalize();
  } catch (error) {
    stop(error);
  }
  await iterator.return(undefined).catch(() => undefined);
  await delivered;
  const reason = stopping.signal.reason as unknown;
  if (reason === undefined) return;
  if (reason instanceof ClientGone) logger.debug({ requestId }, 'client left during a ZIP download');
  else logger.warn({ requestId, err: reason }, 'ZIP download stopped');
}
