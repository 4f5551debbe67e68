import { z } from 'zod';
import { ROUTES, SESSION_COOKIE, errorBody, type Route } from '@printloom/contracts';

type JsonSchema = Record<string, unknown>;

const inputSchema = (schema: z.ZodType): JsonSchema => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
const outputSchema = (schema: z.ZodType): JsonSchema => z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema;

function parametersOf(route: Route) {
  const parameters: Record<string, unknown>[] = [];
  const add = (location: 'path' | 'query', schema: z.ZodType | undefined) => {
    if (!schema) return;
    const json = inputSchema(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      parameters.push({ name, in: location, required: location === 'path' || (json.required ?? []).includes(name), schema: property });
    }
  };
  add('path', route.params);
  add('query', route.query);
  return parameters;
}

const ERROR_RESPONSE = { $ref: '#/components/responses/Error' };
/** public: no session; optional-user: with or without one; user: the session cookie is required. */
const SECURITY = { public: [], 'optional-user': [{}, { session: [] }], user: [{ session: [] }] } as const;

function operationOf(route: Route) {
  const success = route.reply
    ? { description: 'OK', content: { 'application/json': { schema: outputSchema(route.reply) } } }
    : { description: route.contentType ? `A ${route.contentType} response` : 'OK or a redirect' };
  const requestBody = route.body
    ? { required: true, content: { [route.contentType ?? 'application/json']: { schema: inputSchema(route.body) } } }
    : route.contentType === 'multipart/form-data'
      ? {
          required: true,
          content: {
            'multipart/form-data': {
              schema: { type: 'object', properties: { image: { type: 'string', format: 'binary' } }, required: ['image'] },
            },
          },
        }
      : undefined;
  return {
    operationId: route.id,
    summary: route.summary,
    tags: [route.tag],
    security: SECURITY[route.access],
    parameters: parametersOf(route),
    ...(route.proof
      ? {
          description: `${route.proof === 'recent' ? 'Needs' : 'Some requests (see the summary) need'} this session confirmed within the last 10 minutes (a sign-in, \`confirmPassword\` or \`confirmCode\`): 403 \`REAUTH_REQUIRED\` otherwise.`,
        }
      : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: { [String(route.status ?? 200)]: success, '4XX': ERROR_RESPONSE, '5XX': ERROR_RESPONSE },
  };
}

const TAGS = [
  { name: 'auth', description: 'Accounts, sessions and sign-in' },
  { name: 'support', description: 'Messages to the team' },
  { name: 'generation', description: 'Designs from a prompt, and prompts from an image' },
  { name: 'assets', description: 'The library: list, star, delete, edit and download' },
  { name: 'billing', description: 'Plans, top-ups and the billing portal' },
];

/** The OpenAPI document, derived from the same route table and zod schemas the gateway validates with. */
export function buildOpenApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of ROUTES) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operationOf(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Printloom API',
      version: '1.0.0',
      description:
        'Print-ready designs from a plain idea. Errors are `{ "error": "message", "code": "INSUFFICIENT_CREDITS" }`: show `error`, branch on `code`.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    // Relative: the document is served by the API it describes, on whatever origin that is.
    servers: [{ url: '/' }],
    tags: TAGS,
    paths,
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } },
      schemas: { Error: outputSchema(errorBody) },
      responses: {
        Error: {
          description: 'An error: a message to show and a code to branch on',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    },
  };
}
