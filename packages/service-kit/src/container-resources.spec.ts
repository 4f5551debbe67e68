import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cgroupCpuQuota, cgroupMemoryLimit, containerCpus, containerMemory, type CgroupFiles } from './container-resources.js';

const GB = 1024 ** 3;

/** A fake /sys/fs/cgroup: only the files given exist. */
function cgroup(contents: Partial<Record<keyof CgroupFiles, string>>): CgroupFiles {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pl-cgroup-'));
  const names: (keyof CgroupFiles)[] = ['cpuMax', 'memoryMax', 'cpuQuotaV1', 'cpuPeriodV1', 'memoryLimitV1'];
  const files = Object.fromEntries(names.map((name) => [name, path.join(dir, name)])) as unknown as CgroupFiles;
  for (const [name, text] of Object.entries(contents)) writeFileSync(files[name as keyof CgroupFiles], `${text}\n`);
  return files;
}

describe('the container a pool is sized for', () => {
  it('reads a cgroup v2 CPU quota: a 1-CPU pod on a 32-core node gets 1 core, not 32', () => {
    const files = cgroup({ cpuMax: '100000 100000', memoryMax: String(GB) });
    expect(cgroupCpuQuota(files)).toBe(1);
    expect(containerCpus(files, 32)).toBe(1);
    expect(containerMemory(files, 128 * GB)).toBe(GB);
  });

  it('rounds a fractional quota up to whole cores and never above the machine', () => {
    expect(containerCpus(cgroup({ cpuMax: '50000 100000' }), 32)).toBe(1);
    expect(containerCpus(cgroup({ cpuMax: '250000 100000' }), 32)).toBe(3);
    expect(containerCpus(cgroup({ cpuMax: '800000 100000' }), 2)).toBe(2);
  });

  it('uses the machine when cgroup v2 says "max"', () => {
    const files = cgroup({ cpuMax: 'max 100000', memoryMax: 'max' });
    expect(cgroupCpuQuota(files)).toBeUndefined();
    expect(cgroupMemoryLimit(files)).toBeUndefined();
    expect(containerCpus(files, 8)).toBe(8);
    expect(containerMemory(files, 16 * GB)).toBe(16 * GB);
  });

  it('falls back to cgroup v1 files', () => {
    const limited = cgroup({ cpuQuotaV1: '200000', cpuPeriodV1: '100000', memoryLimitV1: String(3 * GB) });
    expect(containerCpus(limited, 32)).toBe(2);
    expect(containerMemory(limited, 64 * GB)).toBe(3 * GB);
    const unlimited = cgroup({ cpuQuotaV1: '-1', cpuPeriodV1: '100000', memoryLimitV1: '9223372036854771712' });
    expect(containerCpus(unlimited, 4)).toBe(4);
    expect(containerMemory(unlimited, 8 * GB)).toBe(8 * GB);
  });

  it('uses the machine when no cgroup file can be read, and is always at least 1 core', () => {
    const none = cgroup({});
    expect(containerCpus(none, 6)).toBe(6);
    expect(containerMemory(none, 2 * GB)).toBe(2 * GB);
    expect(containerCpus(none, 0)).toBe(1);
  });

  it('never reports more memory than the machine has', () => {
    expect(containerMemory(cgroup({ memoryMax: String(64 * GB) }), 8 * GB)).toBe(8 * GB);
  });
});
