// What the rows share: how a request's input becomes a service's request, and when a row needs a
// recent proof.
import { LIMITS } from '../limits.js';
import type { ProofInput, RouteInput } from './route.js';

const idsOf = (body: Record<string, unknown>) => (Array.isArray(body.ids) ? body.ids.length : 0);
/** Deleting more than LIMITS.deleteWithoutProofMax designs at once. */
export const deletesMany = ({ body }: ProofInput) => idsOf(body) > LIMITS.deleteWithoutProofMax;
/** A whole collection (`batchId`) deleted, downloaded or exported, or many designs deleted, as a bulk job. */
export const bulkJobNeedsProof = ({ body }: ProofInput) =>
  (body.batchId !== undefined && ['delete', 'download', 'export'].includes(String(body.action))) ||
  (body.action === 'delete' && deletesMany({ params: {}, query: {}, body }));

export const withUser = (input: RouteInput) => ({ ...input.query, ...input.body, userId: input.userId });
export const withClient = (input: RouteInput) => ({ ...input.body, ip: input.ip });
export const withUserAndClient = (input: RouteInput) => ({ ...withUser(input), ip: input.ip });
// The browser that chose a pending sign-up's password says so with its pending-sign-up cookie.
export const withPendingSignup = (input: RouteInput) => ({
  ...withClient(input),
  pendingSignupToken: input.pendingSignupToken ?? undefined,
});
// The session itself (its token) and the client: re-authentication confirms this session, not the user.
export const withSession = (input: RouteInput) => ({ ...input.body, token: input.sessionToken ?? '', ip: input.ip });
export const withAsset = (input: RouteInput) => ({ ...input.query, ...input.body, userId: input.userId, assetId: input.params.id });
