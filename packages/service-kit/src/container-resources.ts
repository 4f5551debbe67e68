import { readFileSync } from 'node:fs';
import os from 'node:os';

/**
 * Where the kernel tells a process its container's CPU quota and memory limit: cgroup v2's unified
 * files first, then cgroup v1's controllers. Node's `os.availableParallelism()` reports the node's
 * cores (31 on a 32-core node for a pod limited to 1 CPU), so every pool default reads these instead.
 */
export interface CgroupFiles {
  /** v2: "<quota> <period>" or "max <period>". */
  cpuMax: string;
  /** v2: bytes or "max". */
  memoryMax: string;
  /** v1: microseconds per period, -1 without a quota. */
  cpuQuotaV1: string;
  cpuPeriodV1: string;
  /** v1: bytes (a huge number without a limit). */
  memoryLimitV1: string;
}

export const CGROUP_FILES: CgroupFiles = {
  cpuMax: '/sys/fs/cgroup/cpu.max',
  memoryMax: '/sys/fs/cgroup/memory.max',
  cpuQuotaV1: '/sys/fs/cgroup/cpu/cpu.cfs_quota_us',
  cpuPeriodV1: '/sys/fs/cgroup/cpu/cpu.cfs_period_us',
  memoryLimitV1: '/sys/fs/cgroup/memory/memory.limit_in_bytes',
};

function read(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

const positive = (value: number): number | undefined => (Number.isFinite(value) && value > 0 ? value : undefined);

/** The container's CPU quota in cores (fractional, e.g. 0.5), or undefined when none is set. */
export function cgroupCpuQuota(files: CgroupFiles = CGROUP_FILES): number | undefined {
  const v2 = read(files.cpuMax);
  if (v2 !== undefined) {
    const [quota, period] = v2.split(/\s+/);
    if (quota === 'max') return undefined;
    return positive(Number(quota) / Number(period ?? 100_000));
  }
  const quota = Number(read(files.cpuQuotaV1));
  const period = Number(read(files.cpuPeriodV1));
  return quota > 0 ? positive(quota / period) : undefined;
}

/** The container's memory limit in bytes, or undefined when none is set. */
export function cgroupMemoryLimit(files: CgroupFiles = CGROUP_FILES): number | undefined {
  const v2 = read(files.memoryMax);
  if (v2 !== undefined) return v2 === 'max' ? undefined : positive(Number(v2));
  const v1 = Number(read(files.memoryLimitV1));
  // v1 reports "no limit" as a page-rounded 2^63: anything beyond the machine is no limit.
  return v1 > 0 && v1 < 2 ** 60 ? v1 : undefined;
}

/** Whole cores this process may use: the quota rounded up (0.5 CPU is 1), never more than the machine's. */
export function containerCpus(files: CgroupFiles = CGROUP_FILES, machineCores = os.availableParallelism()): number {
  const quota = cgroupCpuQuota(files);
  return Math.max(1, quota === undefined ? machineCores : Math.min(machineCores, Math.ceil(quota)));
}

/** Bytes this process may use: the container's limit when one is set and smaller than the machine. */
export function containerMemory(files: CgroupFiles = CGROUP_FILES, machineBytes = os.totalmem()): number {
  const limit = cgroupMemoryLimit(files);
  return limit === undefined ? machineBytes : Math.min(limit, machineBytes);
}
