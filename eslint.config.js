// One lint configuration for the whole monorepo (flat config). TypeScript rules everywhere, React
// hooks in the SPA, and the SPA's layers as boundaries: app → features → components/lib; a feature
// never imports another feature; components and lib never import features. Formatting is Prettier's
// job (`npm run format`), not ESLint's.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

const spa = 'frontend/src';

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '.data/**', '**/coverage/**', 'frontend/e2e/screenshots/**', '**/*.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // `_name` marks a parameter a signature needs but the body does not use.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // The SPA names API routes through lib/api-client (from the contracts) and branches on error codes.
    files: [`${spa}/**/*.{ts,tsx}`],
    ignores: [`${spa}/**/*.test.{ts,tsx}`],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/api\\//]',
          message: 'Build API URLs with callApi/apiUrl from lib/api-client: paths come from the contracts.',
        },
        {
          selector: 'TemplateElement[value.raw=/^\\/api\\//]',
          message: 'Build API URLs with callApi/apiUrl from lib/api-client: paths come from the contracts.',
        },
        {
          selector: "CallExpression[callee.object.property.name='message'][callee.property.name=/^(includes|startsWith|endsWith|match)$/]",
          message: 'Branch on ApiError.code (hasErrorCode), never on message text.',
        },
      ],
    },
  },
  {
    // One persistence style in every service: only repositories (and the DataSource setup) touch
    // TypeORM entities; everything else works with the domain types the repositories answer with.
    files: ['services/*/src/**/*.ts'],
    ignores: ['services/*/src/repositories/**', 'services/*/src/database/**', 'services/*/src/entities/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/entities/**', './entities/*'],
              message: 'Only repositories use entities: import the domain type from domain/ instead.',
            },
          ],
        },
      ],
    },
  },
  {
    // Scripts that drive a browser: their page.evaluate callbacks run in the page.
    files: ['frontend/e2e/**/*.mjs', 'frontend/bench/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: [`${spa}/**/*.{ts,tsx}`],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'app', pattern: `${spa}/app` },
        { type: 'feature', pattern: `${spa}/features/*`, capture: ['feature'] },
        { type: 'components', pattern: `${spa}/components` },
        { type: 'lib', pattern: `${spa}/lib` },
        { type: 'test', pattern: `${spa}/test` },
      ],
      'boundaries/include': [`${spa}/**/*`],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      // The classic hooks rules; the React Compiler rules of the plugin's recommended set are for code
      // compiled by it, which this app is not.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            {
              from: { element: { type: 'app' } },
              allow: { to: { element: { types: { anyOf: ['app', 'feature', 'components', 'lib'] } } } },
            },
            { from: { element: { type: 'feature' } }, allow: { to: { element: { types: { anyOf: ['components', 'lib'] } } } } },
            {
              from: { element: { type: 'feature' } },
              allow: { to: { element: { type: 'feature', captured: { feature: '{{ from.captured.feature }}' } } } },
            },
            { from: { element: { type: 'components' } }, allow: { to: { element: { types: { anyOf: ['components', 'lib'] } } } } },
            { from: { element: { type: 'lib' } }, allow: { to: { element: { type: 'lib' } } } },
          ],
        },
      ],
    },
  },
  {
    // One NATS handler form: `@RpcHandler(SUBJECT)` from service-kit, which takes the subject's request and
    // reply schemas from the contracts' RPC_CONTRACTS (a schema passed by hand can drift from it). Nest's
    // own handler decorators are refused everywhere but there. Events are not Nest handlers either: they
    // are consumed from JetStream with service-kit's consumeEvents, which checks EVENT_SCHEMAS.
    // (@typescript-eslint's variant of the rule, so that this block does not replace the options of the
    // core `no-restricted-imports` that other blocks set for the same files.)
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['packages/service-kit/src/rpc-handling.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@nestjs/microservices',
              importNames: ['MessagePattern', 'EventPattern', 'Payload'],
              message:
                "Declare a NATS handler with @RpcHandler(SUBJECT) from '@printloom/service-kit': it registers the subject and validates with RPC_CONTRACTS.",
            },
          ],
        },
      ],
    },
  },
);
