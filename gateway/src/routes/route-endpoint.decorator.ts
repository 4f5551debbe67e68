import { applyDecorators, createParamDecorator, Delete, Get, HttpCode, Patch, Post, Put, SetMetadata, UseGuards } from '@nestjs/common';
import type { ExecutionContext } from '@nestjs/common';
import { ROUTES, type EndpointId, type HttpMethod, type Route } from '@printloom/contracts';
import type { SignedInUser } from '../session/session.service.js';
import { RouteAccessGuard, ROUTE_ENDPOINT, signedInUserOf } from './route-access.guard.js';

const METHOD_DECORATORS: Record<HttpMethod, (path: string) => MethodDecorator> = {
  GET: Get,
  POST: Post,
  PATCH: Patch,
  PUT: Put,
  DELETE: Delete,
};

export function routeById(id: EndpointId): Route {
  const route = ROUTES.find((row) => row.id === id);
  if (!route) throw new Error(`No route named ${id} in the route table`);
  return route;
}

/**
 * Binds a handler to its row of the contracts' route table: method, path and success status come from
 * the row (a path is never written twice), and RouteAccessGuard enforces the row's `access` before the
 * handler runs. The controller itself declares no path (`@Controller()`).
 */
export function RouteEndpoint(id: EndpointId): MethodDecorator {
  const route = routeById(id);
  return applyDecorators(
    SetMetadata(ROUTE_ENDPOINT, route),
    METHOD_DECORATORS[route.method](route.path),
    HttpCode(route.status ?? 200),
    UseGuards(RouteAccessGuard),
  );
}

/** The signed-in user of a handler whose row is `access: 'user'` (the guard answered 401 otherwise). */
export const SignedIn = createParamDecorator((_data: unknown, context: ExecutionContext): SignedInUser => {
  const user = signedInUserOf(context.switchToHttp().getRequest());
  if (!user) throw new Error(`@SignedIn() on ${context.getClass().name}.${context.getHandler().name}, whose row is not access: 'user'`);
  return user;
});
