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
    // One persistence style in every service: repositories are small classes of named SQL queries with
    // row mappers (camelCase out, no snake_case), and only they (and database/: DataSource options and
    // migrations) speak to TypeORM. A local rule rather than `no-restricted-syntax`: two blocks setting
    // the same rule on the same files replace each other's options, and other blocks use that one.
    files: ['services/*/src/**/*.ts'],
    ignores: ['services/*/src/repositories/**', 'services/*/src/database/**', 'services/*/src/**/*.spec.ts'],
    plugins: {
      persistence: {
        rules: {
          'queries-in-repositories': {
            meta: {
              type: 'problem',
              schema: [],
              messages: {
                call: "`.{{name}}(…)` runs a query: give it a named method in this service's repositories/.",
                manager:
                  "`.manager` runs queries: give them a named method in repositories/ (a transaction: the repository's `transaction(work)`).",
                typeorm:
                  "Only repositories/ and database/ import from 'typeorm' (`{{name}}`); elsewhere at most `import type { DataSource, EntityManager }` to pass a handle on.",
              },
            },
            create(context) {
              const queryMethods = new Set([
                'query',
                'createQueryBuilder',
                'createQueryRunner',
                'getRepository',
                'getTreeRepository',
                'withRepository',
              ]);
              // Handles a service may hold and pass on without querying through them: the DataSource that
              // wires repositories, the EntityManager a repository's `transaction(work)` hands to its methods.
              const passableHandles = new Set(['DataSource', 'EntityManager']);
              return {
                ImportDeclaration(node) {
                  if (node.source.value !== 'typeorm') return;
                  if (node.specifiers.length === 0) context.report({ node, messageId: 'typeorm', data: { name: 'typeorm' } });
                  for (const specifier of node.specifiers) {
                    const name =
                      specifier.type === 'ImportSpecifier' ? (specifier.imported.name ?? specifier.imported.value) : specifier.local.name;
                    const typeOnly = node.importKind === 'type' || specifier.importKind === 'type';
                    if (!typeOnly || !passableHandles.has(name)) context.report({ node: specifier, messageId: 'typeorm', data: { name } });
                  }
                },
                CallExpression(node) {
                  const callee = node.callee;
                  if (callee.type === 'MemberExpression' && !callee.computed && queryMethods.has(callee.property.name)) {
                    context.report({ node: callee.property, messageId: 'call', data: { name: callee.property.name } });
                  }
                },
                'MemberExpression[computed=false][property.name="manager"]'(node) {
                  context.report({ node: node.property, messageId: 'manager' });
                },
              };
            },
          },
        },
      },
    },
    rules: { 'persistence/queries-in-repositories': 'error' },
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
