import { containerCpus, containerMemory } from '@printloom/service-kit/container-resources';

/**
 * What one background-removal or upscaling task may hold at once: a print-size RGBA image (~100 MB)
 * as source, mask and result, with headroom.
 */
export const ASSET_TASK_PEAK_BYTES = 384 * 1024 ** 2;

/**
 * Worker threads when ASSET_WORKER_THREADS is not set: the container's cores less one (the event loop
 * keeps one), never more than half its memory holds at a task's peak, between 1 and 32.
 */
export function defaultAssetWorkerThreads(
  cores = containerCpus(),
  memoryBytes = containerMemory(),
  taskPeakBytes = ASSET_TASK_PEAK_BYTES,
): number {
  const byMemory = Math.floor(memoryBytes / 2 / taskPeakBytes);
  return Math.max(1, Math.min(32, cores - 1, byMemory));
}

/**
 * Background-lane threads while no seller task is in flight, when ASSET_BACKGROUND_IDLE_THREADS is not
 * set: every core of the container (the threads are niced: the event loop and another process's work
 * still come first), never more than half its memory holds at a task's peak.
 */
export function defaultBackgroundIdleThreads(
  cores = containerCpus(),
  memoryBytes = containerMemory(),
  taskPeakBytes = ASSET_TASK_PEAK_BYTES,
): number {
  return Math.max(1, Math.min(32, cores, Math.floor(memoryBytes / 2 / taskPeakBytes)));
}

/**
 * Background-lane threads when ASSET_BACKGROUND_THREADS is not set: half the seller lane's, at least
 * 1, so work no seller waits on (verdicts, kits, drafts) never takes every core while a job draws.
 */
export function defaultBackgroundWorkerThreads(sellerThreads = defaultAssetWorkerThreads()): number {
  return Math.max(1, Math.floor(sellerThreads / 2));
}
