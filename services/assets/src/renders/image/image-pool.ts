import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { NICENESS } from '@printloom/service-kit/process-priority';
import { AppError, type DesignQuality, type ExportPresetId, type MockupId } from '@printloom/contracts';
import type { PngText } from '@printloom/storage';
import { AlreadyTransparentError, BackgroundTooBusyError, type BackgroundRemover } from './background-remover.js';
import { UpscaleTooLargeError, type Upscaler } from './upscaler.js';
import type { GarmentFilePlan } from '../print-files/garment-file.js';
import type { QualityPlan } from '../quality/measure-quality.js';
import type { ImageOperation, ImageTask, ImageTaskResult } from './image-worker.js';
import { isBackgroundWork } from './background-work.js';
import { ProcessPool, type TaskRunner } from './process-pool.js';

export const POOL_BUSY_MESSAGE = 'Image processing is busy right now. Please try again in a minute.';

/** A built file of this folder (tests run the sources, whose worker and child entry must still be plain JavaScript). */
function builtFile(name: 'image-worker.js' | 'image-process.js'): string {
  const here = fileURLToPath(new URL(`./${name}`, import.meta.url));
  if (existsSync(here)) return here;
  const built = here.replace(/([\\/])src([\\/]renders[\\/]image[\\/][\w-]+\.js)$/, '$1dist$2');
  if (!existsSync(built)) throw new Error(`The image worker is not built: run "npm run build -w services/assets" (looked for ${built})`);
  return built;
}

/** How long an idle worker thread stays. */
const IDLE_THREAD_MS = 60_000;

/** Fits an original to an export preset and stamps its PNG text: the stored print file, ready to hand out. */
export interface ExportFitter {
  fit(original: Buffer, presetId: ExportPresetId, text: PngText): Promise<Buffer>;
}

/** Makes a design's print file for a garment (an engine redraw or a recolour) and stamps its PNG text. */
export interface GarmentFileMaker {
  garmentFile(original: Buffer, plan: GarmentFilePlan, text: PngText): Promise<Buffer>;
}

/** Draws a design's full set of mockups (2000×2000 JPEGs) from its light- and dark-garment print files. */
export interface MockupRenderer {
  renderMockups(light: Buffer, dark: Buffer): Promise<Array<{ id: MockupId; jpeg: Buffer }>>;
}

/** Measures a stored design's quality verdict (OCR of its text, its inks, margin and background). */
export interface QualityMeter {
  measureQuality(original: Buffer, plan: QualityPlan): Promise<DesignQuality>;
}

export type TaskOutcome = 'done' | 'refused' | 'failed';

/**
 * Where a task runs: `seller` for work a seller waits on (a download, the mockups dialog, a ZIP, an
 * edit), `background` for work no one waits on (quality verdicts; files for kits, bulk actions and
 * drafts), which runs on fewer threads at a lower OS priority so it never slows the next click.
 */
export type PoolLane = 'seller' | 'background';

/**
 * The background lane's process runs at this nice value by default: every thread of it, sharp's and the
 * OCR it starts included, below the generation service's drawing and the request path.
 */
export const BACKGROUND_NICENESS = NICENESS.background;

interface LaneOptions {
  threads: number;
  maxQueue: number;
}

interface BackgroundLaneOptions extends LaneOptions {
  niceness?: number;
  /** Threads the lane may use while no seller task is in flight (more than `threads`: drafts and kits go faster on an idle pool). */
  idleThreads?: number;
}

/**
 * Worker threads (Piscina's in this process; the background lane's in a process of its own) with their
 * own admission count (running + waiting ≤ threads + maxQueue) and a gate on how many of its tasks run
 * at once: `threads`, or `idleThreads` while `widen()` says so.
 */
class Lane {
  readonly pool: TaskRunner;
  readonly capacity: number;
  inFlight = 0;
  /** Tasks past the gate (in a thread, or in Piscina's hands on their way to one). */
  running = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly idleThreads: number;

  /** `niceness`: null for threads in this process at its priority, a nice value for a process of its own. */
  constructor(
    private readonly options: LaneOptions & { idleThreads?: number },
    niceness: number | null,
    private readonly widen: () => boolean = () => false,
  ) {
    const inProcess = niceness === null;
    this.idleThreads = Math.max(options.threads, options.idleThreads ?? options.threads);
    this.pool = inProcess
      ? new Piscina({ filename: builtFile('image-worker.js'), minThreads: 0, maxThreads: this.idleThreads, idleTimeout: IDLE_THREAD_MS })
      : new ProcessPool({
          entry: builtFile('image-process.js'),
          workerFile: builtFile('image-worker.js'),
          threads: this.idleThreads,
          niceness,
          idleTimeoutMs: IDLE_THREAD_MS,
        });
    this.capacity = options.threads + options.maxQueue;
  }

  /** Resolves once the task may run; synchronous (no wait) when a place is free. */
  enter(): Promise<void> | undefined {
    if (this.running < this.allowed()) {
      this.running += 1;
      return undefined;
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  leave(): void {
    this.running -= 1;
    this.admit();
  }

  /** Lets waiting tasks in while there is room (called when a task leaves and when the lane may widen). */
  admit(): void {
    while (this.waiting.length > 0 && this.running < this.allowed()) {
      this.running += 1;
      this.waiting.shift()!();
    }
  }

  private allowed(): number {
    return this.widen() ? this.idleThreads : this.options.threads;
  }
}

/**
 * Background removal, upscaling, export fitting, garment files, mockups and quality verdicts in worker
 * threads with bounded queues: a full queue is refused at once (503) instead of piling work up, and
 * each task has the service's time budget. Two lanes (see PoolLane), each with its own threads and queue.
 */
export class ImagePool implements BackgroundRemover, Upscaler, ExportFitter, GarmentFileMaker, MockupRenderer, QualityMeter {
  private readonly lanes: Record<PoolLane, Lane>;
  private readonly budgets: {
    removeBackground: number;
    upscale: number;
    fitExport: number;
    renderMockups?: number;
    measureQuality?: number;
  };
  /** Told of every task the pool ran (the service counts them as a metric). */
  onTask: (operation: ImageOperation, outcome: TaskOutcome, lane: PoolLane) => void = () => undefined;

  constructor(options: {
    threads: number;
    maxQueue: number;
    /** The background lane; by default one thread (no more when idle), the seller lane's queue length and BACKGROUND_NICENESS. */
    background?: BackgroundLaneOptions;
    budgets: { removeBackground: number; upscale: number; fitExport: number; renderMockups?: number; measureQuality?: number };
  }) {
    const seller = new Lane(options, null);
    this.lanes = {
      seller,
      background: new Lane(
        options.background ?? { threads: 1, maxQueue: options.maxQueue },
        options.background?.niceness ?? BACKGROUND_NICENESS,
        () => seller.inFlight === 0,
      ),
    };
    this.budgets = options.budgets;
  }

  async remove(image: Buffer): Promise<Buffer> {
    return this.run({ operation: 'remove-background', image }, this.budgets.removeBackground);
  }

  async upscale(image: Buffer, factor: 2 | 4): Promise<Buffer> {
    return this.run({ operation: 'upscale', image, factor }, this.budgets.upscale);
  }

  async fit(original: Buffer, presetId: ExportPresetId, text: PngText): Promise<Buffer> {
    return this.run({ operation: 'fit-export', image: original, presetId, text }, this.budgets.fitExport);
  }

  /** Within an export's time budget: a redraw or a recolour costs about what a fitting does. */
  async garmentFile(original: Buffer, plan: GarmentFilePlan, text: PngText): Promise<Buffer> {
    return this.run({ operation: 'garment-file', image: original, plan, text }, this.budgets.fitExport);
  }

  async renderMockups(light: Buffer, dark: Buffer): Promise<Array<{ id: MockupId; jpeg: Buffer }>> {
    const result = await this.execute(
      { operation: 'render-mockups', image: light, dark },
      this.budgets.renderMockups ?? this.budgets.fitExport,
    );
    if (!('mockups' in result)) throw new Error('The image worker answered a mockup task without mockups');
    return result.mockups.map(({ id, jpeg }) => ({ id, jpeg: Buffer.from(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength) }));
  }

  /** One design's verdict, always in the background lane (QualityVerdicts asks for one at a time per instance). */
  async measureQuality(original: Buffer, plan: QualityPlan): Promise<DesignQuality> {
    const result = await this.execute(
      { operation: 'measure-quality', image: original, plan },
      this.budgets.measureQuality ?? this.budgets.fitExport,
      'background',
    );
    if (!('quality' in result)) throw new Error('The image worker answered a quality task without a verdict');
    return result.quality;
  }

  /** Tasks running or waiting, in both lanes. */
  get pending(): number {
    return this.lanes.seller.inFlight + this.lanes.background.inFlight;
  }

  /** The background lane's process while it runs (tests read its threads' priorities and stop it). */
  get backgroundPid(): number | undefined {
    const runner = this.lanes.background.pool;
    return runner instanceof ProcessPool ? runner.pid : undefined;
  }

  /** Tasks running or waiting in one lane. */
  pendingIn(lane: PoolLane): number {
    return this.lanes[lane].inFlight;
  }

  /** Tasks of one lane let through its gate (running, or handed to a thread). */
  runningIn(lane: PoolLane): number {
    return this.lanes[lane].running;
  }

  async close(): Promise<void> {
    await Promise.all([this.lanes.seller.pool.destroy(), this.lanes.background.pool.destroy()]);
  }

  private async run(task: ImageTask, budgetMs: number): Promise<Buffer> {
    const result = await this.execute(task, budgetMs);
    if (!('png' in result)) throw new Error(`The image worker answered ${task.operation} without a file`);
    return Buffer.from(result.png.buffer, result.png.byteOffset, result.png.byteLength);
  }

  /**
   * Runs one task in a worker of its lane (the background lane inside asBackgroundWork); expected
   * refusals become their errors, so only successes come back.
   */
  private async execute(
    task: ImageTask,
    budgetMs: number,
    laneName: PoolLane = isBackgroundWork() ? 'background' : 'seller',
  ): Promise<Extract<ImageTaskResult, { ok: true }>> {
    const lane = this.lanes[laneName];
    if (lane.inFlight >= lane.capacity) throw new AppError('UNAVAILABLE', POOL_BUSY_MESSAGE);
    lane.inFlight += 1;
    // The budget counts from here: a task that waited out its budget at the gate fails at once as TIMEOUT.
    const signal = AbortSignal.timeout(budgetMs);
    let entered = false;
    let result: ImageTaskResult;
    try {
      await lane.enter();
      entered = true;
      result = await lane.pool.run(task, { signal });
    } catch (error) {
      this.onTask(task.operation, 'failed', laneName);
      if ((error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError')
        throw new AppError('TIMEOUT', 'The image took too long to process. Please try again.');
      throw error;
    } finally {
      lane.inFlight -= 1;
      if (entered) lane.leave();
      // The seller lane emptied: the background lane may widen.
      if (laneName === 'seller' && lane.inFlight === 0) this.lanes.background.admit();
    }
    this.onTask(task.operation, result.ok ? 'done' : 'refused', laneName);
    if (result.ok) return result;
    if (result.refusal === 'busy-background') throw new BackgroundTooBusyError(result.message);
    if (result.refusal === 'already-transparent') throw new AlreadyTransparentError(result.message);
    if (result.refusal === 'over-export-cap') throw new AppError('UNPROCESSABLE', result.message);
    throw new UpscaleTooLargeError(result.message);
  }
}
