import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { RequestMethod, type DynamicModule, type Type } from '@nestjs/common';
import { GUARDS_METADATA, METHOD_METADATA, MODULE_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { PUBLISHING, ROUTES, type Route } from '@printloom/contracts';
import { AppModule, type GatewayInfra } from '../app.module.js';
import { FAST_PATH_ROWS } from '../views/cached-view-fast-path.js';
import { ROUTE_ENDPOINT, RouteAccessGuard } from './route-access.guard.js';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The gateway's own operation (probes, the API document): not API rows, so neither in the table nor in /api/docs. */
const OPERATIONAL_CONTROLLERS = new Set(['HealthController', 'DocsController']);

interface Handler {
  name: string;
  controllerPath: string;
  method: string;
  paths: string[];
  route: Route | undefined;
  guards: unknown[];
}

function controllersOf(module: Type | DynamicModule | undefined, seen = new Set<unknown>()): Type[] {
  if (!module || seen.has(module)) return [];
  seen.add(module);
  const dynamic = 'module' in module ? module : undefined;
  const type = dynamic ? dynamic.module : (module as Type);
  const meta = <T>(key: string) => (Reflect.getMetadata(key, type) as T[] | undefined) ?? [];
  const imports = [...meta<Type | DynamicModule>(MODULE_METADATA.IMPORTS), ...((dynamic?.imports ?? []) as Array<Type | DynamicModule>)];
  return [
    ...meta<Type>(MODULE_METADATA.CONTROLLERS),
    ...(dynamic?.controllers ?? []),
    ...imports.flatMap((imported) => controllersOf(imported, seen)),
  ];
}

/** Every route handler the gateway's Nest application registers, read from the decorators' metadata. */
function handlers(): Handler[] {
  return controllersOf(AppModule.forRoot({} as GatewayInfra)).flatMap((controller) =>
    Object.getOwnPropertyNames(controller.prototype).flatMap((property) => {
      if (property === 'constructor') return [];
      const handler = (controller.prototype as Record<string, unknown>)[property];
      if (typeof handler !== 'function') return [];
      const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
      if (paths === undefined) return [];
      return [
        {
          name: `${controller.name}.${property}`,
          controllerPath: Reflect.getMetadata(PATH_METADATA, controller) as string,
          method: RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod],
          paths: [paths].flat(),
          route: Reflect.getMetadata(ROUTE_ENDPOINT, handler) as Route | undefined,
          guards: (Reflect.getMetadata(GUARDS_METADATA, handler) as unknown[] | undefined) ?? [],
        },
      ];
    }),
  );
}

describe('the route table and the handlers that serve it', () => {
  const all = handlers();

  it('serves every row by exactly one handler, bound to it by id', () => {
    const servedBy = (row: Route) => all.filter((handler) => handler.route?.id === row.id).map((handler) => handler.name);
    const counts = Object.fromEntries(ROUTES.map((row) => [row.id, servedBy(row).length]));
    expect(counts).toEqual(Object.fromEntries(ROUTES.map((row) => [row.id, 1])));
  });

  it('lets no controller declare a path of its own: method and path come from the row, and the guard checks its access', () => {
    const bound = all.filter((handler) => !OPERATIONAL_CONTROLLERS.has(handler.name.split('.')[0]));
    expect(bound.length).toBeGreaterThanOrEqual(ROUTES.length);
    for (const handler of bound) {
      expect({ handler: handler.name, row: handler.route?.id }).toEqual({ handler: handler.name, row: expect.any(String) });
      const { route } = handler;
      expect({ handler: handler.name, controllerPath: handler.controllerPath, method: handler.method, paths: handler.paths }).toEqual({
        handler: handler.name,
        controllerPath: '/',
        method: route!.method,
        paths: [route!.path],
      });
      expect({ handler: handler.name, guarded: handler.guards.includes(RouteAccessGuard) }).toEqual({
        handler: handler.name,
        guarded: true,
      });
    }
  });

  it('keeps operational routes (health, docs) off the API rows', () => {
    const rowPaths = new Set(ROUTES.map((row) => `${row.method} ${row.path}`));
    const operational = all.filter((handler) => OPERATIONAL_CONTROLLERS.has(handler.name.split('.')[0]));
    expect(operational.length).toBeGreaterThan(0);
    for (const handler of operational) {
      for (const handlerPath of handler.paths) expect(rowPaths.has(`${handler.method} ${handlerPath}`)).toBe(false);
    }
  });

  it('leaves the session to the guard: no handler looks the user up by itself', () => {
    const allowed = new Set(['session/session.service.ts', 'routes/route-access.guard.ts']);
    const sources = (readdirSync(src, { recursive: true }) as string[]).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'),
    );
    const asking = sources.filter(
      (file) =>
        !allowed.has(file.split(path.sep).join('/')) && /\.(requireUser|resolve)\(req\b/.test(readFileSync(path.join(src, file), 'utf8')),
    );
    expect(asking).toEqual([]);
  });

  it("answers before routing exactly the rows the table serves from the gateway's caches", () => {
    const cached = ROUTES.filter((row) => row.kind === 'view' || (row.kind === 'rpc' && row.cache)).map((row) => `${row.method} ${row.id}`);
    expect(cached.sort()).toEqual(
      Object.values(FAST_PATH_ROWS)
        .map((id) => `GET ${id}`)
        .sort(),
    );
  });

  it('asks a recent proof on every way of connecting Printify, now and later (any row that reaches the connect subject)', () => {
    const connecting = ROUTES.filter((row) => 'subject' in row && row.subject === PUBLISHING.connect);
    expect(connecting.length).toBeGreaterThan(0);
    expect(connecting.map((row) => ({ id: row.id, proof: row.proof }))).toEqual(connecting.map((row) => ({ id: row.id, proof: 'recent' })));
  });
});
