import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const contracts = fileURLToPath(new URL('../packages/contracts/src/', import.meta.url));

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: /^@printloom\/contracts$/, replacement: `${contracts}index.ts` },
      { find: /^@printloom\/contracts\/(.*)$/, replacement: `${contracts}$1.ts` },
    ],
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
  build: { target: 'es2022', sourcemap: false, manifest: true },
  test: {
    environment: 'jsdom',
    // make test runs these beside Jest on 2 cores, and a loaded machine stretches a 1 s screen test past
    // Vitest's 5 s default (Jest's tests have 30 s for the same reason): a bound, not a speed check.
    testTimeout: 15_000,
    setupFiles: ['./src/test/setup.ts'],
    // One jsdom and one module graph per worker instead of per file: every file unmounts what it
    // rendered (setup.ts) and none keeps state in a module, so sharing them changes no outcome (247 of
    // 247 pass, also in shuffled order). Measured alone, one worker: 154 s wall, 185 s CPU isolated
    // (48 s of it making environments, 31 s importing); 35 s wall, 28 s CPU shared.
    isolate: false,
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
