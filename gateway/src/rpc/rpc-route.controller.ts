import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ROUTES, type RpcRoute } from '@printloom/contracts';
import { RouteEndpoint } from '../routes/route-endpoint.decorator.js';
import { RpcForwarder } from './rpc-forwarder.service.js';

/** One small controller per `rpc` route of the contracts' table, so Nest routes, guards, filters and docs treat them alike. */
function controllerFor(route: RpcRoute) {
  @Controller()
  class RpcRouteController {
    constructor(@Inject(RpcForwarder) readonly forwarder: RpcForwarder) {}

    handle(req: Request, res: Response) {
      return this.forwarder.forward(route, req, res);
    }
  }
  const descriptor = Object.getOwnPropertyDescriptor(RpcRouteController.prototype, 'handle')!;
  RouteEndpoint(route.id)(RpcRouteController.prototype, 'handle', descriptor);
  Req()(RpcRouteController.prototype, 'handle', 0);
  Res({ passthrough: true })(RpcRouteController.prototype, 'handle', 1);
  Object.defineProperty(RpcRouteController, 'name', { value: `Rpc${route.method}${route.path.replace(/[^a-zA-Z]/g, '_')}Controller` });
  return RpcRouteController;
}

export const RPC_ROUTE_CONTROLLERS = ROUTES.filter((route): route is RpcRoute => route.kind === 'rpc').map(controllerFor);
