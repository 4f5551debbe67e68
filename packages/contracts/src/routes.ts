// The public HTTP surface (every /api route), one row per route. The gateway registers every row,
// enforces its `access` with one guard, validates input with its schemas, forwards `rpc` rows over
// NATS, serves `view` rows from its own caches, binds each `custom` row to its one handler by id
// (`@RouteEndpoint('downloadAsset')`) and derives /api/docs from it; the web app derives its typed
// client from it. A row starts with `...endpoint('name')`: method and path come from ENDPOINTS
// (zod-free, for the browser), the name is the operationId. A new endpoint is one ENDPOINTS entry and
// one row in routes/<tag>.routes.ts (its tag's file); an `rpc` row's subject must be in RPC_CONTRACTS (rpc.ts).
import type { EndpointId } from './endpoints.js';
import type { Route } from './routes/route.js';
import { AUTH_ROUTES } from './routes/auth.routes.js';
import { SUPPORT_ROUTES } from './routes/support.routes.js';
import { GENERATION_ROUTES } from './routes/generation.routes.js';
import { ASSETS_ROUTES } from './routes/assets.routes.js';
import { BILLING_ROUTES } from './routes/billing.routes.js';
import { LISTINGS_ROUTES } from './routes/listings.routes.js';
import { PUBLISHING_ROUTES } from './routes/publishing.routes.js';
import { PRINTIFY_OAUTH_ROUTES } from './routes/printify-oauth.routes.js';

export type { HttpMethod } from './endpoints.js';
export type { Access, AnyObject, RouteInput, ProofInput, Proof, RpcRoute, ViewRoute, CustomRoute, Route } from './routes/route.js';
export { needsRecentProof } from './routes/route.js';

// One file of rows per tag (routes/<tag>.routes.ts), assembled here in one table.
const ROUTE_TABLE = [
  ...AUTH_ROUTES,
  ...SUPPORT_ROUTES,
  ...GENERATION_ROUTES,
  ...ASSETS_ROUTES,
  ...BILLING_ROUTES,
  ...LISTINGS_ROUTES,
  ...PUBLISHING_ROUTES,
  ...PRINTIFY_OAUTH_ROUTES,
] as const;

/** The exact type of every row: clients derive params, body and reply types from it (`RouteById`). */
export type RouteTable = typeof ROUTE_TABLE;
export type RouteById<K extends EndpointId> = Extract<RouteTable[number], { id: K }>;

export const ROUTES: readonly Route[] = ROUTE_TABLE;
