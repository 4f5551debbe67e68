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
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
