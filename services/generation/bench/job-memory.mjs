#!/usr/bin/env node
// Memory benchmark (not a test): the peak RSS of one job of 4 print-size designs, drawn and finished
// through the worker's own path (the local provider, the print finish, the staging write), each job in
// a fresh child process so its peak is its own, with the allocator settings the service runs with
// (Dockerfile, make dev) and, for comparison, glibc's defaults. Target: ≤ 600 MB.
//   npm run build && node services/generation/bench/job-memory.mjs [--jobs 3]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SERVICE_ALLOCATOR_ENV } from './support/worker-process.mjs';

const TARGET_MB = 600;
const PROMPTS = [
  "a cat astronaut, 'Space Meow' in retro letters, sticker",
  "'Gym Rat' bold workout design, distressed",
  "'Spooky Season' skull and pumpkin, gothic",
];

if (process.argv[2] === '--child') {
  const { LocalProvider } = await import('../dist/providers/local-provider.js');
  const { prepareVariantFiles } = await import('../dist/jobs/variant-files.js');
  const { FsStorage, jobImageKey } = await import('@printloom/storage');
  const storage = new FsStorage(process.argv[4]);
  const started = performance.now();
  await new LocalProvider(1).generate(
    { idea: process.argv[3], variants: ['A', 'B', 'C', 'D'], dark: false, transparent: true, seed: 'memory-bench' },
    async (image) => {
      const { files } = await prepareVariantFiles(image, { transparent: true, dark: false });
      for (const file of files)
        await storage.put(jobImageKey('memory-bench', `${image.variant}${file.suffix}`), file.body, file.contentType);
    },
  );
  process.stdout.write(JSON.stringify({ ms: performance.now() - started, peakMb: process.resourceUsage().maxRSS / 1024 }));
  process.exit(0);
}

const { values } = parseArgs({ options: { jobs: { type: 'string', default: String(PROMPTS.length) } } });
const self = fileURLToPath(import.meta.url);

function runJobs(label, allocatorEnv) {
  const peaks = [];
  for (let job = 0; job < Number(values.jobs); job += 1) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pl-job-memory-'));
    const prompt = PROMPTS[job % PROMPTS.length];
    const env = { ...process.env, MALLOC_ARENA_MAX: undefined, MALLOC_MMAP_THRESHOLD_: undefined, ...allocatorEnv };
    const child = spawnSync(process.execPath, [self, '--child', prompt, dir], { encoding: 'utf8', cwd: path.dirname(self), env });
    rmSync(dir, { recursive: true, force: true });
    if (child.status !== 0) throw new Error(`job ${job} failed: ${child.stderr}`);
    const result = JSON.parse(child.stdout);
    peaks.push(result.peakMb);
    console.log(`${label}: job ${job + 1} (${prompt}): peak ${result.peakMb.toFixed(0)} MB RSS, ${(result.ms / 1000).toFixed(1)} s`);
  }
  return Math.max(...peaks);
}

const glibcDefault = runJobs('glibc defaults', {});
const asRun = runJobs('as the service runs', SERVICE_ALLOCATOR_ENV);
console.log(
  `job of 4 print-size designs (${os.availableParallelism()} cores, ${Math.min(4, os.availableParallelism())} drawn at once): worst peak ${asRun.toFixed(0)} MB RSS as the service runs (glibc defaults ${glibcDefault.toFixed(0)} MB), target ≤ ${TARGET_MB} MB: ${(asRun / TARGET_MB).toFixed(2)}× the target`,
);
