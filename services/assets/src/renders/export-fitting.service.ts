import { Inject, Injectable } from '@nestjs/common';
import { AppError, exportPreset, LIMITS, type ExportPresetId } from '@printloom/contracts';
import type { PngText } from '@printloom/storage';
import { AssetFiles } from '../asset-files.js';
import { EXPORT_FITTER } from '../assets.tokens.js';
import type { AssetRef } from '../domain/stored-asset.js';
import type { ExportFitter } from './image/image-pool.js';
import { PerUserQueue, retryAfterSeconds } from './image/per-user-queue.js';

const { exportFittingsRunning: RUNNING, exportFittingsQueued: QUEUED } = LIMITS;

export const EXPORTS_BUSY = `You already have ${QUEUED} print files being made. Please wait for them to finish, then download the rest.`;
export const zipExportsBusy = (needed: number, underway: number) =>
  `This ZIP needs ${needed} print files made and ${underway} of yours are being made already, over the ${QUEUED} at a time. Please try again when those are done.`;
export const zipTooManyExports = (needed: number, presetId?: ExportPresetId) =>
  `This ZIP needs ${needed} print files made${presetId ? ` for ${exportPreset(presetId).name}` : ''}; at most ${QUEUED} are made at a time. Select fewer images (files made once are kept, so the rest go faster next time).`;

/** Before any fitting was timed: about what a print-size T-shirt file takes on one thread. */
const FIRST_GUESS_MS = 3_000;

/**
 * Export print files are made in the image worker pool (never on the event loop), each user's share
 * bounded (LIMITS.exportFittings*: a request past it is refused with the time to come back), each file
 * made once: a request for a file already under way waits for that fitting instead of starting another.
 * The share is per instance, like the pool it protects.
 */
@Injectable()
export class ExportFitting {
  private readonly queue = new PerUserQueue({ running: RUNNING, queued: QUEUED });
  /** Storage key of an export → its fitting under way. */
  private readonly making = new Map<string, Promise<void>>();
  private averageMs = FIRST_GUESS_MS;

  constructor(
    private readonly files: AssetFiles,
    @Inject(EXPORT_FITTER) private readonly fitter: ExportFitter,
  ) {}

  /** Makes the export kept at `key` (fitted from the original, or from the file at `sourceKey`) unless it is kept already or under way. */
  async ensure(asset: AssetRef, presetId: ExportPresetId, key: string, text: PngText, sourceKey?: string): Promise<void> {
    return this.ensureMade(asset, key, async () => {
      const source = sourceKey ? await this.files.readSource(sourceKey) : await this.files.readOriginal(asset.userId, asset.id);
      return this.fitter.fit(source, presetId, text);
    });
  }

  /**
   * Makes the file kept at `key` with `make` (work for the image pool: an export, a garment's print
   * file) unless it is kept already or under way, within the user's share like every export.
   */
  async ensureMade(asset: AssetRef, key: string, make: () => Promise<Buffer>): Promise<void> {
    const underway = this.making.get(key);
    if (underway) return underway;
    if (await this.files.hasFile(key)) return;
    const startedMeanwhile = this.making.get(key);
    if (startedMeanwhile) return startedMeanwhile;
    const work = this.queue.tryRun(asset.userId, () => this.make(key, make));
    if (!work) throw this.busy(EXPORTS_BUSY, 1);
    this.making.set(key, work);
    const forget = () => this.making.delete(key);
    work.then(forget, forget);
    return work;
  }

  /** Of these export keys, how many would have to be made (not kept, not under way). */
  async missing(keys: string[]): Promise<number> {
    const kept = await Promise.all(keys.map((key) => this.making.has(key) || this.files.hasFile(key)));
    return kept.filter((found) => !found).length;
  }

  /** A preset ZIP starts only when every file it still has to make fits in the user's share now. */
  admitZip(userId: string, needed: number, presetId?: ExportPresetId): void {
    if (needed > QUEUED) throw new AppError('UNPROCESSABLE', zipTooManyExports(needed, presetId));
    const underway = this.queue.inFlight(userId);
    if (underway + needed > QUEUED) throw this.busy(zipExportsBusy(needed, underway), underway + needed - QUEUED);
  }

  /** Other image work made from a design (its mockups) run in the same per-user share as fittings. */
  runInShare<T>(userId: string, work: () => Promise<T>, busyMessage: string): Promise<T> {
    const running = this.queue.tryRun(userId, work);
    if (!running) throw this.busy(busyMessage, 1);
    return running;
  }

  /** The user's fittings running or waiting on this instance. */
  inFlight(userId: string): number {
    return this.queue.inFlight(userId);
  }

  private busy(message: string, excess: number): AppError {
    return new AppError('RATE_LIMITED', message, { retryAfterSeconds: retryAfterSeconds(excess, RUNNING, this.averageMs) });
  }

  private async make(key: string, make: () => Promise<Buffer>): Promise<void> {
    const started = performance.now();
    const png = await make();
    this.averageMs = 0.8 * this.averageMs + 0.2 * (performance.now() - started);
    await this.files.writeExport(key, png);
  }
}
