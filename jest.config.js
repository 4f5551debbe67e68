// Every workspace with Jest tests, run as one suite (`make test` runs this, plus the frontend's Vitest
// tests and the browser tests).
import { existsSync, readdirSync } from 'node:fs';

const groups = ['packages', 'services'];
const projects = [...groups.flatMap((group) => readdirSync(group).map((name) => `${group}/${name}`)), 'gateway'].filter((dir) =>
  existsSync(`${dir}/jest.config.js`),
);

export default {
  projects: projects.map((dir) => `<rootDir>/${dir}`),
  // Jest reads the test timeout from the global config only (a project's testTimeout is ignored):
  // the preset's 30 s, here, so integration tests on a loaded machine do not trip the 5 s default.
  testTimeout: 30_000,
  // A worker that ends a file holding more than this much heap is replaced by a fresh one. Every file
  // loads its own copy of Nest, TypeORM and the services into an ESM module graph the worker never
  // frees, so a kept worker grew to 2–4 GB and spent its time collecting garbage: later files, even
  // pure unit specs, ran 20–50 times slower than alone (gateway/src/google/callback-url.spec.ts 19.6 s
  // of CPU in the whole suite, 0.35 s alone). Measured, the whole suite with 2 workers on a quiet
  // 2-core machine: 1,111 s wall, 1,709 s CPU without the limit; 631 s wall, 885 s CPU with it.
  workerIdleMemoryLimit: '700MB',
};
