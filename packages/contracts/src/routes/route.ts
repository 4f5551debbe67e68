// The shape of a row of the route table (see routes.ts): what the gateway, /api/docs and the web app read.
import type { z } from 'zod';
import type { EndpointId, HttpMethod } from '../endpoints.js';
import type { RpcSubject } from '../rpc.js';
import type { TimeBudgetName } from '../time-budgets.js';

/** public: anyone; user: a signed-in user (401 otherwise); optional-user: userId when signed in. */
export type Access = 'public' | 'user' | 'optional-user';
export type AnyObject = z.ZodType<Record<string, unknown>>;

export interface RouteInput {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  userId: string | null;
  ip: string;
  sessionToken: string | null;
  /** The pending-sign-up cookie (see RpcRoute.pendingSignup). */
  pendingSignupToken: string | null;
}

export interface RouteBase {
  /** The operation's name: OpenAPI operationId and the client's handle on it (see endpoints.ts). */
  id: EndpointId;
  method: HttpMethod;
  path: string;
  summary: string;
  tag: string;
  access: Access;
  params?: AnyObject;
  query?: AnyObject;
  body?: AnyObject;
  /** Schema of the JSON answer (for docs and clients); absent for files and redirects. */
  reply?: z.ZodType;
  status?: number;
  /** Media type of a body or answer that is not JSON (uploads, files). */
  contentType?: string;
  /**
   * 'recent': the session must have been confirmed (a sign-in, a password re-entered, an emailed code)
   * within LIMITS.reauthWindowMinutes; 403 REAUTH_REQUIRED otherwise. `{ when }`: the same, for the
   * requests whose validated input `when` picks (e.g. a bulk delete of many designs). Enforced by the
   * gateway's route guard.
   */
  proof?: Proof;
}

/** The validated input a conditional proof looks at (the row's params, query and body schemas applied). */
export type ProofInput = Pick<RouteInput, 'params' | 'query' | 'body'>;
export type Proof = 'recent' | { when: (input: ProofInput) => boolean };

/** Whether this request to this row needs a recent proof. */
export function needsRecentProof(route: Pick<RouteBase, 'proof'>, input: ProofInput): boolean {
  if (!route.proof) return false;
  return route.proof === 'recent' || route.proof.when(input);
}

/** Forwarded as one NATS request; the service's reply is the HTTP body. */
export interface RpcRoute extends RouteBase {
  kind: 'rpc';
  subject: RpcSubject;
  toRequest?: (input: RouteInput) => Record<string, unknown>;
  /** How long the gateway waits (TIME_BUDGETS); plain requests when absent. */
  timeBudget?: TimeBudgetName;
  /**
   * 'start': the reply carries `session`, moved into the session cookie. 'end': clears it. 'confirm':
   * the session was re-authenticated (this instance drops its cached copy at once).
   */
  session?: 'start' | 'end' | 'confirm';
  /**
   * 'start': the reply carries `pendingSignup`, moved into the pending-sign-up cookie (the browser that
   * chose the password). 'finish': the request reads that cookie and a success clears it. 'read': the
   * request reads it and leaves it.
   */
  pendingSignup?: 'start' | 'finish' | 'read';
  /**
   * 'library': the gateway keeps the reply per user and request URL (gateway/src/views) and answers it
   * before routing when it can; the services' change broadcasts and any non-GET request of the user drop it.
   */
  cache?: 'library';
}

/**
 * Built by the gateway itself from several services' replies, cached per user and answered from that
 * cache before routing when it can (gateway/src/views): `me` is auth's user with billing's account summary.
 */
export interface ViewRoute extends RouteBase {
  kind: 'view';
  /** Which of the gateway's views (gateway/src/views) serves the row. */
  view: 'me';
}

/** Served by a dedicated gateway handler (uploads, file streams, redirects, raw webhooks). */
export interface CustomRoute extends RouteBase {
  kind: 'custom';
  subject?: string;
}

export type Route = RpcRoute | ViewRoute | CustomRoute;
