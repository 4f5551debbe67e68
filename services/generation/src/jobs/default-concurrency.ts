import { containerCpus, containerMemory } from '@printloom/service-kit/container-resources';

/** What one job of 4 print-size designs peaks at (services/generation/bench/job-memory.mjs: ~480 MB), with headroom. */
export const JOB_PEAK_BYTES = 0.75 * 1024 ** 3;

/** The machine's memory, or the container's limit (cgroup memory.max) when one is set and smaller. */
export function availableMemory(): number {
  return containerMemory();
}

/**
 * Jobs one instance runs at once when GENERATION_CONCURRENCY is not set: one per core of the
 * container's CPU quota (the local engine is CPU-bound), but never more than half its memory holds
 * at a job's peak.
 */
export function defaultGenerationConcurrency(
  cores = containerCpus(),
  totalMemoryBytes = availableMemory(),
  jobPeakBytes = JOB_PEAK_BYTES,
): number {
  const byMemory = Math.floor(totalMemoryBytes / 2 / jobPeakBytes);
  return Math.max(1, Math.min(16, cores, byMemory));
}
