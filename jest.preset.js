// Shared Jest settings: ESM mode (Nest 12 is ESM-only) with SWC transforming TypeScript, decorators
// and their metadata. Workspace packages resolve to their sources so tests never need a prior build.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));

export function jestConfig(overrides = {}) {
  return {
    testEnvironment: 'node',
    extensionsToTreatAsEsm: ['.ts'],
    transform: {
      '^.+\\.ts$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', decorators: true },
            transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
            target: 'es2022',
            keepClassNames: true,
          },
          module: { type: 'es6' },
          sourceMaps: 'inline',
        },
      ],
    },
    moduleNameMapper: {
      '^@printloom/([a-z-]+)$': `${root}/packages/$1/src/index.ts`,
      '^@printloom/([a-z-]+)/([a-z-]+)$': `${root}/packages/$1/src/$2.ts`,
      '^(\\.{1,2}/.*)\\.js$': '$1',
    },
    testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.int-spec.ts', '<rootDir>/test/**/*.spec.ts'],
    testTimeout: 30000,
    ...overrides,
  };
}
