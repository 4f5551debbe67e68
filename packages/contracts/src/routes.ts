// The public HTTP surface (every /api route), one row per route. The gateway registers every row,
// enforces its `access` with one guard, validates input with its schemas, forwards `rpc` rows over
// NATS, serves `view` rows from its own caches, binds each `custom` row to its one handler by id
// (`@RouteEndpoint('downloadAsset')`) and derives /api/docs from it; the web app derives its typed
// client from it. A row starts with `...endpoint('name')`: method and path come from ENDPOINTS
// (zod-free, for the browser), the name is the operationId. A new endpoint is one ENDPOINTS entry and
// one row here; an `rpc` row's subject must be in RPC_CONTRACTS (rpc.ts).
import { z } from 'zod';
import { AUTH, BILLING, GENERATION, ASSETS, NOTIFICATIONS, LISTINGS, PUBLISHING } from './subjects.js';
import * as auth from './auth.schemas.js';
import * as billing from './billing.schemas.js';
import * as generation from './generation.schemas.js';
import * as assets from './assets.schemas.js';
import * as notifications from './notifications.schemas.js';
import * as listings from './listings.schemas.js';
import * as batches from './batches.schemas.js';
import * as mockups from './mockups.schemas.js';
import * as kits from './listing-kit.schemas.js';
import * as bulk from './bulk-jobs.schemas.js';
import * as publishing from './publishing.schemas.js';
import { messageReply, ok, urlReply } from './common.schemas.js';
import { endpoint, type EndpointId, type HttpMethod } from './endpoints.js';
import type { RpcSubject } from './rpc.js';
import type { TimeBudgetName } from './time-budgets.js';

export type { HttpMethod } from './endpoints.js';
import { exportPresetsReply } from './export-presets.js';
import { BULK_JOB } from './bulk-jobs.js';
import { LIMITS, RISK_CHECK } from './limits.js';
import { PRINTIFY_OAUTH_ROUTES } from './printify-oauth.routes.js';

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

interface RouteBase {
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

const idsOf = (body: Record<string, unknown>) => (Array.isArray(body.ids) ? body.ids.length : 0);
/** Deleting more than LIMITS.deleteWithoutProofMax designs at once. */
const deletesMany = ({ body }: ProofInput) => idsOf(body) > LIMITS.deleteWithoutProofMax;
/** A whole collection (`batchId`) deleted, downloaded or exported, or many designs deleted, as a bulk job. */
const bulkJobNeedsProof = ({ body }: ProofInput) =>
  (body.batchId !== undefined && ['delete', 'download', 'export'].includes(String(body.action))) ||
  (body.action === 'delete' && deletesMany({ params: {}, query: {}, body }));

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

const withUser = (input: RouteInput) => ({ ...input.query, ...input.body, userId: input.userId });
const withClient = (input: RouteInput) => ({ ...input.body, ip: input.ip });
const withUserAndClient = (input: RouteInput) => ({ ...withUser(input), ip: input.ip });
// The browser that chose a pending sign-up's password says so with its pending-sign-up cookie.
const withPendingSignup = (input: RouteInput) => ({ ...withClient(input), pendingSignupToken: input.pendingSignupToken ?? undefined });
// The session itself (its token) and the client: re-authentication confirms this session, not the user.
const withSession = (input: RouteInput) => ({ ...input.body, token: input.sessionToken ?? '', ip: input.ip });
const withAsset = (input: RouteInput) => ({ ...input.query, ...input.body, userId: input.userId, assetId: input.params.id });

const ROUTE_TABLE = [
  // Accounts
  {
    ...endpoint('getMe'),
    kind: 'view',
    tag: 'auth',
    summary: 'Current user, credits and subscription',
    access: 'user',
    view: 'me',
    reply: auth.meReply,
  },
  {
    ...endpoint('signup'),
    kind: 'rpc',
    tag: 'auth',
    summary: 'Create an account and email a verification code',
    access: 'public',
    subject: AUTH.signup,
    body: auth.signupBody,
    toRequest: withClient,
    pendingSignup: 'start',
    reply: auth.signupReply,
  },
  {
    ...endpoint('verifyEmail'),
    kind: 'rpc',
    tag: 'auth',
    summary: 'Verify the email with its 6-digit code and start a session',
    access: 'public',
    subject: AUTH.verifyEmail,
    body: auth.verifyEmailBody,
    toRequest: withPendingSignup,
    session: 'start',
    pendingSignup: 'finish',
    reply: z.object({ user: auth.userRef }),
  },
  {
    ...endpoint('resendVerification'),
    kind: 'rpc',
    tag: 'auth',
    summary: 'Send a new verification code',
    access: 'public',
    subject: AUTH.resendVerification,
    body: auth.emailBody,
    toRequest: withClient,
    reply: messageReply,
  },
  {
    ...endpoint('login'),
    kind: 'rpc',
    tag: 'auth',
    summary: 'Sign in with email and password',
    access: 'public',
    subject: AUTH.login,
    body: auth.credentialsBody,
    toRequest: withPendingSignup,
    pendingSignup: 'read',
    session: 'start',
    reply: z.object({ user: auth.userRef }),
  },
  {
    ...endpoint('forgotPassword'),
    kind: 'rpc',
    tag: 'auth',
    summary: 'Email a password-reset code (same answer whether the email exists or not)',
    access: 'public',
    subject: AUTH.forgotPassword,
    body: auth.emailBody,
    toRequest: withClient,
    reply: messageReply,
  },
  {
    ...endpoint('resetPassword'),
    kind: 'rpc',
    tag: 'auth',
    summary: 'Set a new password with a reset code; ends every session',
    access: 'public',
    subject: AUTH.resetPassword,
    body: auth.resetPasswordBody,
    toRequest: withClient,
    reply: messageReply,
  },
  {
    ...endpoint('logout'),
    kind: 'rpc',
    tag: 'auth',
    summary: 'End the current session',
    access: 'public',
    subject: AUTH.logout,
    toRequest: (input) => ({ token: input.sessionToken ?? undefined }),
    session: 'end',
    reply: ok,
  },
  {
    ...endpoint('deleteAccount'),
    kind: 'rpc',
    tag: 'auth',
    summary: 'Delete my account (type DELETE): sessions end at once, the subscription is cancelled, data is removed after 90 days',
    access: 'user',
    subject: AUTH.deleteAccount,
    body: auth.deleteAccountBody,
    toRequest: withUser,
    session: 'end',
    proof: 'recent',
    reply: auth.deleteAccountReply,
  },
  {
    ...endpoint('exportAccount'),
    kind: 'custom',
    tag: 'auth',
    summary: 'Download my data: a ZIP of every image plus JSON of the account, jobs and credit history',
    access: 'user',
    proof: 'recent',
    contentType: 'application/zip',
  },
  { ...endpoint('startGoogleSignIn'), kind: 'custom', tag: 'auth', summary: 'Start Google sign-in (browser navigation)', access: 'public' },
  {
    ...endpoint('finishGoogleSignIn'),
    kind: 'custom',
    tag: 'auth',
    summary: 'Google sign-in callback',
    access: 'public',
    subject: AUTH.googleSignIn,
  },
  {
    ...endpoint('requestPasswordCode'),
    kind: 'rpc',
    tag: 'auth',
    summary: "Email a code to the signed-in user's address for setting a password",
    access: 'user',
    subject: AUTH.requestPasswordCode,
    toRequest: withUserAndClient,
    reply: messageReply,
  },
  {
    ...endpoint('setPassword'),
    kind: 'rpc',
    tag: 'auth',
    summary: "Set the signed-in user's password with the code mailed to their address",
    access: 'user',
    subject: AUTH.setPassword,
    body: auth.setPasswordBody,
    toRequest: withUserAndClient,
    reply: messageReply,
  },

  // Support
  {
    ...endpoint('sendSupportMessage'),
    kind: 'rpc',
    tag: 'support',
    summary: 'Send a support, feedback or feature message',
    access: 'optional-user',
    subject: NOTIFICATIONS.createSupportMessage,
    body: notifications.supportBody,
    toRequest: withUserAndClient,
    reply: ok,
  },

  // Generation
  {
    ...endpoint('describeImage'),
    kind: 'custom',
    tag: 'generation',
    summary: 'Describe an uploaded image (multipart field "image"); costs 1 credit',
    access: 'user',
    subject: GENERATION.describe,
    reply: generation.describeReply,
    contentType: 'multipart/form-data',
  },
  {
    ...endpoint('generate'),
    kind: 'rpc',
    tag: 'generation',
    summary: 'Start a generation of 4 variants; costs 1 credit',
    access: 'user',
    subject: GENERATION.createJob,
    body: generation.generateBody,
    toRequest: withUser,
    reply: generation.generateReply,
  },
  {
    ...endpoint('createBatch'),
    kind: 'custom',
    tag: 'generation',
    summary:
      'Start a collection of up to 200 designs: JSON { template with a {value} slot, values, options }, or a CSV (multipart field "file": a header row, prompt required, style, garment, transparent optional; any bad row refuses the file, listing every bad row as rowErrors). Each row is one job costing 1 credit, all reserved now (402 with `needed` when short)',
    access: 'user',
    subject: GENERATION.createBatch,
    body: batches.createBatchBody,
    reply: batches.batchReply,
    status: 201,
  },
  {
    ...endpoint('listBatches'),
    kind: 'rpc',
    tag: 'generation',
    summary: 'My batches, newest first (50), with their counts and without their rows',
    access: 'user',
    subject: GENERATION.listBatches,
    toRequest: withUser,
    reply: batches.listBatchesReply,
  },
  {
    ...endpoint('getBatch'),
    kind: 'rpc',
    tag: 'generation',
    summary: 'A batch with every row: its status, its job and, once done, its designs',
    access: 'user',
    subject: GENERATION.getBatch,
    params: batches.batchParams,
    toRequest: (input) => ({ userId: input.userId, batchId: input.params.id }),
    reply: batches.batchReply,
  },
  {
    ...endpoint('cancelBatch'),
    kind: 'rpc',
    tag: 'generation',
    summary: 'Cancel a batch: rows still waiting stop and are refunded; rows already running finish',
    access: 'user',
    subject: GENERATION.cancelBatch,
    params: batches.batchParams,
    toRequest: (input) => ({ userId: input.userId, batchId: input.params.id }),
    reply: batches.batchReply,
  },
  {
    ...endpoint('renameBatch'),
    kind: 'rpc',
    tag: 'generation',
    summary: 'Name a collection (its default name sums up its template and values)',
    access: 'user',
    subject: GENERATION.renameBatch,
    params: batches.batchParams,
    body: batches.renameBatchBody,
    toRequest: (input) => ({ userId: input.userId, batchId: input.params.id, name: input.body.name }),
    reply: batches.batchReply,
  },
  {
    ...endpoint('redoFlaggedBatch'),
    kind: 'rpc',
    tag: 'generation',
    summary:
      'Redo the flagged designs of a finished batch: one new row per row with a design whose quality verdict is not ok (same prompt and options, a new seed; 1 credit each, reserved now, 402 with `needed` when short). 409 when nothing is flagged or the batch is still running or cancelled',
    access: 'user',
    subject: GENERATION.redoFlagged,
    params: batches.batchParams,
    toRequest: (input) => ({ userId: input.userId, batchId: input.params.id }),
    reply: batches.batchReply,
  },
  {
    ...endpoint('getBatchQuality'),
    kind: 'rpc',
    tag: 'generation',
    summary:
      'The quality verdicts of every design of a batch, counted: designs, checked, flagged, the failed checks by name and the flagged designs',
    access: 'user',
    subject: ASSETS.batchQuality,
    params: batches.batchParams,
    toRequest: (input) => ({ userId: input.userId, batchId: input.params.id }),
    reply: bulk.batchQualityReply,
  },
  {
    ...endpoint('createBulkJob'),
    kind: 'rpc',
    tag: 'assets',
    summary: `A library action on many designs as a server-side job: \`ids\` (up to 1,000) or a whole collection by \`batchId\`; download and export end in one ZIP (GET downloadUrl once done), star, unstar and delete change the library design by design. A whole collection's delete, download or export, and a delete of more than ${LIMITS.deleteWithoutProofMax} designs, need a recent proof`,
    access: 'user',
    subject: ASSETS.createBulkJob,
    body: bulk.createBulkJobBody,
    toRequest: withUser,
    proof: { when: bulkJobNeedsProof },
    status: 202,
    reply: bulk.bulkJobReply,
  },
  {
    ...endpoint('listBulkJobs'),
    kind: 'rpc',
    tag: 'assets',
    summary: `Your bulk jobs not yet expired, newest first (at most ${BULK_JOB.listed}): the ones still running and the ZIPs still to fetch`,
    access: 'user',
    subject: ASSETS.listBulkJobs,
    toRequest: withUser,
    reply: bulk.listBulkJobsReply,
  },
  {
    ...endpoint('getBulkJob'),
    kind: 'rpc',
    tag: 'assets',
    summary: 'A bulk job and its progress (queued, running, done, failed)',
    access: 'user',
    subject: ASSETS.getBulkJob,
    params: bulk.bulkJobParams,
    toRequest: (input) => ({ userId: input.userId, jobId: input.params.id }),
    reply: bulk.bulkJobReply,
  },
  {
    ...endpoint('downloadBulkJob'),
    kind: 'custom',
    tag: 'assets',
    summary: 'Download a done download or export job as one ZIP (409 while it runs)',
    access: 'user',
    subject: ASSETS.resolveBulkJob,
    params: bulk.bulkJobParams,
    contentType: 'application/zip',
  },
  {
    ...endpoint('getJob'),
    kind: 'rpc',
    tag: 'generation',
    summary: 'A job and its status',
    access: 'user',
    subject: GENERATION.getJob,
    params: generation.jobParams,
    toRequest: (input) => ({ userId: input.userId, jobId: input.params.id }),
    reply: generation.getJobReply,
  },

  // Assets
  {
    ...endpoint('listAssets'),
    kind: 'rpc',
    tag: 'assets',
    summary: 'The library, newest first, 24 per page',
    access: 'user',
    subject: ASSETS.list,
    query: assets.listAssetsQuery,
    toRequest: withUser,
    reply: assets.listAssetsReply,
    cache: 'library',
  },
  {
    ...endpoint('getAssetUsage'),
    kind: 'rpc',
    tag: 'assets',
    summary: 'Storage used (images, bytes) and images expiring in the next 7 days',
    access: 'user',
    subject: ASSETS.usage,
    toRequest: withUser,
    reply: assets.usageReply,
  },
  {
    ...endpoint('unsubscribeReminders'),
    kind: 'rpc',
    tag: 'assets',
    summary: "Stop the expiry reminder emails (the confirmation page's button; the token of the reminder's link)",
    access: 'public',
    subject: ASSETS.unsubscribeReminders,
    body: assets.unsubscribeRemindersBody,
    toRequest: (input) => ({ token: input.body.token }),
    reply: messageReply,
  },
  {
    ...endpoint('openUnsubscribePage'),
    kind: 'custom',
    tag: 'assets',
    summary: 'A reminder link mailed before the confirmation page: redirects to it and changes nothing',
    access: 'public',
    query: assets.openUnsubscribePageQuery,
  },
  {
    ...endpoint('unsubscribeRemindersOneClick'),
    kind: 'custom',
    tag: 'assets',
    summary: "One-click unsubscribe (RFC 8058): the mail provider's POST to the reminder's List-Unsubscribe URL",
    access: 'public',
    subject: ASSETS.unsubscribeReminders,
    query: assets.unsubscribeRemindersQuery,
    body: assets.oneClickUnsubscribeBody,
    contentType: 'application/x-www-form-urlencoded',
    reply: messageReply,
  },
  {
    ...endpoint('toggleStar'),
    kind: 'rpc',
    tag: 'assets',
    summary: 'Toggle the star (starred: kept 1 year)',
    access: 'user',
    subject: ASSETS.star,
    params: assets.assetParams,
    toRequest: withAsset,
    reply: assets.starReply,
  },
  {
    ...endpoint('deleteAssets'),
    kind: 'rpc',
    tag: 'assets',
    summary: `Delete up to 100 assets (more than ${LIMITS.deleteWithoutProofMax} need a recent proof)`,
    access: 'user',
    subject: ASSETS.bulkDelete,
    body: assets.bulkIdsBody,
    toRequest: withUser,
    proof: { when: deletesMany },
    reply: assets.deleteReply,
  },
  {
    ...endpoint('deleteAsset'),
    kind: 'rpc',
    tag: 'assets',
    summary: 'Delete one asset',
    access: 'user',
    subject: ASSETS.delete,
    params: assets.assetParams,
    toRequest: withAsset,
    reply: assets.deleteReply,
  },
  {
    ...endpoint('removeBackground'),
    kind: 'rpc',
    tag: 'assets',
    summary: 'Remove the background into a new asset (free)',
    access: 'user',
    subject: ASSETS.removeBackground,
    params: assets.assetParams,
    toRequest: withAsset,
    reply: assets.removeBackgroundReply,
    timeBudget: 'removeBackground',
  },
  {
    ...endpoint('upscaleAsset'),
    kind: 'rpc',
    tag: 'assets',
    summary: 'Upscale 2x or 4x into a new asset (2 credits)',
    access: 'user',
    subject: ASSETS.upscale,
    params: assets.assetParams,
    body: assets.upscaleBody,
    toRequest: withAsset,
    reply: assets.upscaleReply,
    timeBudget: 'upscale',
  },
  {
    ...endpoint('downloadZip'),
    kind: 'custom',
    tag: 'assets',
    summary: 'Download many assets as one ZIP (ids comma-separated, at most 100; ?preset= and ?garment=light|dark as for one)',
    access: 'user',
    subject: ASSETS.resolveZip,
    query: assets.zipQuery,
    contentType: 'application/zip',
  },
  {
    ...endpoint('downloadAsset'),
    kind: 'custom',
    tag: 'assets',
    summary:
      'Download an image: the original PNG, its thumbnail/preview, or the print file for an export preset; ?garment=light|dark for a white or black garment',
    access: 'user',
    subject: ASSETS.resolveDownload,
    params: assets.assetParams,
    query: assets.downloadQuery,
    contentType: 'image/png',
  },
  {
    ...endpoint('listExportPresets'),
    kind: 'custom',
    tag: 'assets',
    summary: 'Product canvases an image can be exported for (?preset= on a download)',
    access: 'public',
    reply: exportPresetsReply,
  },
  // Garment previews (issue 29 item 5)
  {
    ...endpoint('listMockups'),
    kind: 'rpc',
    tag: 'assets',
    summary: "The design's garment previews (tee in four colours, hoodie, tote, mug, framed poster), made on first request",
    access: 'user',
    subject: ASSETS.listMockups,
    params: assets.assetParams,
    toRequest: withAsset,
    reply: mockups.listMockupsReply,
    timeBudget: 'mockups',
  },
  {
    ...endpoint('downloadMockup'),
    kind: 'custom',
    tag: 'assets',
    summary: 'One garment preview as a 2000×2000 JPEG',
    access: 'user',
    subject: ASSETS.resolveMockup,
    params: mockups.mockupParams,
    contentType: 'image/jpeg',
  },

  // Billing
  {
    ...endpoint('createCheckout'),
    kind: 'rpc',
    tag: 'billing',
    summary: 'Checkout for a monthly plan',
    access: 'user',
    subject: BILLING.checkout,
    body: billing.checkoutBody,
    toRequest: withUser,
    reply: urlReply,
  },
  {
    ...endpoint('createTopupCheckout'),
    kind: 'rpc',
    tag: 'billing',
    summary: 'Checkout for a top-up pack',
    access: 'user',
    subject: BILLING.topup,
    body: billing.topupBody,
    toRequest: withUser,
    reply: urlReply,
  },
  {
    ...endpoint('openBillingPortal'),
    kind: 'rpc',
    tag: 'billing',
    summary: 'Billing portal (subscribers only)',
    access: 'user',
    subject: BILLING.portal,
    toRequest: withUser,
    reply: urlReply,
  },
  {
    ...endpoint('stripeWebhook'),
    kind: 'custom',
    tag: 'billing',
    summary: 'Stripe webhook (signed raw body)',
    access: 'public',
    subject: BILLING.webhook,
  },
  {
    ...endpoint('getLocalCheckout'),
    kind: 'rpc',
    tag: 'billing',
    summary: 'A local checkout session (used when Stripe is not configured)',
    access: 'user',
    subject: BILLING.localCheckoutGet,
    params: billing.localCheckoutParams,
    toRequest: (input) => ({ userId: input.userId, sessionId: input.params.sessionId }),
    reply: billing.localCheckoutReply,
  },
  {
    ...endpoint('getCreditHistory'),
    kind: 'rpc',
    tag: 'billing',
    summary: 'The latest 50 credit movements: grants, spends, refunds, expiries',
    access: 'user',
    subject: BILLING.creditHistory,
    toRequest: withUser,
    reply: billing.creditHistoryReply,
  },
  {
    ...endpoint('claimPurchaseEvents'),
    kind: 'rpc',
    tag: 'billing',
    summary: 'Purchases the server confirmed that this browser has not reported to analytics yet; each is handed over once',
    access: 'user',
    subject: BILLING.claimPurchaseEvents,
    toRequest: withUser,
    reply: billing.claimPurchaseEventsReply,
  },
  {
    ...endpoint('updateLocalPortal'),
    kind: 'rpc',
    tag: 'billing',
    summary: 'Cancel a subscription at its period end, or resume it (the billing portal when Stripe is not configured)',
    access: 'user',
    subject: BILLING.localPortal,
    body: billing.localPortalBody,
    toRequest: withUser,
    reply: billing.localPortalReply,
  },
  {
    ...endpoint('completeLocalCheckout'),
    kind: 'rpc',
    tag: 'billing',
    summary: 'Pay or cancel a local checkout session',
    access: 'user',
    subject: BILLING.localCheckoutComplete,
    params: billing.localCheckoutParams,
    body: billing.localCheckoutCompleteBody,
    toRequest: (input) => ({ ...input.body, userId: input.userId, sessionId: input.params.sessionId }),
    reply: billing.localCheckoutCompleteReply,
  },
  {
    ...endpoint('upgradePlan'),
    kind: 'rpc',
    tag: 'billing',
    summary: 'Move a subscriber to a dearer plan now: the prorated difference is paid first (url: where to pay or confirm)',
    access: 'user',
    subject: BILLING.upgradePlan,
    body: billing.planChangeBody,
    toRequest: withUser,
    reply: billing.planChangeReply,
  },
  {
    ...endpoint('downgradePlan'),
    kind: 'rpc',
    tag: 'billing',
    summary: 'Move a subscriber to a cheaper plan at the renewal (the current plan takes a scheduled change back); no refund',
    access: 'user',
    subject: BILLING.downgradePlan,
    body: billing.planChangeBody,
    toRequest: withUser,
    reply: billing.planChangeReply,
  },

  // Re-authentication (leaving needs a recent proof: `proof: 'recent'`)
  {
    ...endpoint('confirmPassword'),
    kind: 'rpc',
    tag: 'auth',
    summary: 'Confirm it is you with your password: this session may download its data or delete the account for 10 minutes',
    access: 'user',
    subject: AUTH.confirmPassword,
    body: auth.confirmPasswordBody,
    toRequest: withSession,
    session: 'confirm',
    reply: auth.sessionConfirmedReply,
  },
  {
    ...endpoint('requestConfirmationCode'),
    kind: 'rpc',
    tag: 'auth',
    summary: 'Email a code that confirms it is you (accounts with neither a password nor Google)',
    access: 'user',
    subject: AUTH.requestConfirmationCode,
    toRequest: withSession,
    reply: messageReply,
  },
  {
    ...endpoint('confirmCode'),
    kind: 'rpc',
    tag: 'auth',
    summary: 'Confirm it is you with the emailed code: this session may download its data or delete the account for 10 minutes',
    access: 'user',
    subject: AUTH.confirmCode,
    body: auth.confirmCodeBody,
    toRequest: withSession,
    session: 'confirm',
    reply: auth.sessionConfirmedReply,
  },

  // Listings: copy per design and marketplace, checked by the marketplaces' rules (free, no credit)
  {
    ...endpoint('writeListing'),
    kind: 'rpc',
    tag: 'listings',
    summary: "Write the design's listing for a marketplace (etsy, merch or generic), or answer the saved one; free",
    access: 'user',
    subject: LISTINGS.write,
    params: listings.listingParams,
    body: listings.writeListingBody,
    toRequest: withAsset,
    reply: listings.listingReply,
    timeBudget: 'listingCopy',
  },
  {
    ...endpoint('getListing'),
    kind: 'rpc',
    tag: 'listings',
    summary: "The design's saved listing for a marketplace (?target=), with the validators' problems and risk flags",
    access: 'user',
    subject: LISTINGS.get,
    params: listings.listingParams,
    query: listings.getListingQuery,
    toRequest: withAsset,
    reply: listings.listingReply,
  },
  {
    ...endpoint('editListing'),
    kind: 'rpc',
    tag: 'listings',
    summary: "Save an edit of the design's listing; 422 LISTING_INVALID names the field and the limit it broke",
    access: 'user',
    subject: LISTINGS.edit,
    params: listings.listingParams,
    body: listings.editListingBody,
    toRequest: withAsset,
    reply: listings.listingReply,
  },
  {
    ...endpoint('getSellerProfile'),
    kind: 'rpc',
    tag: 'listings',
    summary: 'The seller profile (shop name, brand) that feeds listing copy',
    access: 'user',
    subject: LISTINGS.getSellerProfile,
    toRequest: withUser,
    reply: listings.sellerProfileReply,
  },
  {
    ...endpoint('putSellerProfile'),
    kind: 'rpc',
    tag: 'listings',
    summary: 'Save the seller profile (shop name, brand); empty fields name nothing',
    access: 'user',
    subject: LISTINGS.putSellerProfile,
    body: listings.sellerProfile,
    toRequest: withUser,
    reply: listings.sellerProfileReply,
  },
  {
    ...endpoint('riskCheck'),
    kind: 'rpc',
    tag: 'listings',
    summary:
      'Trademark and policy risk flags in a text (the prompt as it is typed): risks to look at, not legal advice; ' +
      `at most ${RISK_CHECK.perMinute} a minute per seller (429 with Retry-After)`,
    access: 'user',
    subject: LISTINGS.riskCheck,
    body: listings.riskCheckBody,
    toRequest: withUser,
    reply: listings.riskCheckReply,
  },
  {
    ...endpoint('downloadListingKit'),
    kind: 'custom',
    tag: 'listings',
    summary:
      'Listing kit of up to 100 designs as one ZIP (ids comma-separated): light and dark print files, mockups, and listing.json + listing.csv per marketplace (listings written first where missing)',
    access: 'user',
    subject: ASSETS.resolveKit,
    query: kits.listingKitQuery,
    contentType: 'application/zip',
  },
  {
    ...endpoint('createListingKitJob'),
    kind: 'rpc',
    tag: 'listings',
    summary: 'Prepare the listing kit of a selection (up to 1,000 designs) as a job; download it when its status is ready',
    access: 'user',
    subject: ASSETS.createKitJob,
    body: kits.createKitJobBody,
    toRequest: withUser,
    status: 202,
    reply: kits.kitJobReply,
  },
  {
    ...endpoint('getListingKitJob'),
    kind: 'rpc',
    tag: 'listings',
    summary: 'A listing kit job and its status (queued, preparing, ready, failed)',
    access: 'user',
    subject: ASSETS.getKitJob,
    params: kits.kitJobParams,
    toRequest: (input) => ({ userId: input.userId, kitId: input.params.id }),
    reply: kits.kitJobReply,
  },
  {
    ...endpoint('downloadListingKitJob'),
    kind: 'custom',
    tag: 'listings',
    summary: 'Download a ready listing kit job as one ZIP (409 while it is being prepared)',
    access: 'user',
    subject: ASSETS.resolveKitJob,
    params: kits.kitJobParams,
    contentType: 'application/zip',
  },
  {
    ...endpoint('listDenylist'),
    kind: 'rpc',
    tag: 'listings',
    summary: "The seller's own denylist: phrases flagged in their prompts and listings (besides the shared list)",
    access: 'user',
    subject: LISTINGS.listDenylist,
    toRequest: withUser,
    reply: listings.denylistReply,
  },
  {
    ...endpoint('addDenylistEntry'),
    kind: 'rpc',
    tag: 'listings',
    summary:
      "Add a phrase to the seller's own denylist (level medium unless said; classes 009/016/021/025); the same phrase again updates it",
    access: 'user',
    subject: LISTINGS.addDenylistEntry,
    body: listings.addDenylistEntryBody,
    toRequest: withUser,
    reply: listings.denylistEntryReply,
  },
  {
    ...endpoint('deleteDenylistEntry'),
    kind: 'rpc',
    tag: 'listings',
    summary: "Remove a phrase from the seller's own denylist (404 when it is not theirs)",
    access: 'user',
    subject: LISTINGS.deleteDenylistEntry,
    params: listings.denylistEntryParams,
    toRequest: (input: RouteInput) => ({ userId: input.userId, id: input.params.id }),
    reply: ok,
  },
  // Publishing: Printify drafts of library designs (free, no credit)
  {
    ...endpoint('connectPrintify'),
    kind: 'rpc',
    tag: 'publishing',
    summary: `Connect a Printify account with a personal access token (checked with Printify, stored encrypted); pick a shop. Needs a recent proof; ${LIMITS.printifyConnectsPerHour} an hour per seller and per address`,
    access: 'user',
    subject: PUBLISHING.connect,
    body: publishing.connectPrintifyBody,
    toRequest: withUserAndClient,
    // Whose shop the drafts go to: a stolen session must not point them at its own.
    proof: 'recent',
    reply: publishing.connectionReply,
  },
  {
    ...endpoint('getPrintifyConnection'),
    kind: 'rpc',
    tag: 'publishing',
    summary: 'The Printify connection: shops, the chosen shop and the last 4 characters of the token',
    access: 'user',
    subject: PUBLISHING.getConnection,
    toRequest: withUser,
    reply: publishing.connectionReply,
  },
  {
    ...endpoint('disconnectPrintify'),
    kind: 'rpc',
    tag: 'publishing',
    summary: 'Forget the Printify token (destroyed at once)',
    access: 'user',
    subject: PUBLISHING.disconnect,
    toRequest: withUser,
    reply: publishing.connectionReply,
  },
  {
    ...endpoint('tickConnectionChecklist'),
    kind: 'rpc',
    tag: 'publishing',
    summary:
      "Tick an item of the connection's one-time checklist (an Etsy shop: a production partner named Printify); 404 without a connection, 422 when the item does not apply to its shop",
    access: 'user',
    subject: PUBLISHING.tickChecklist,
    params: publishing.tickChecklistParams,
    toRequest: (input: RouteInput) => ({ userId: input.userId, item: input.params.item }),
    reply: publishing.connectionReply,
  },
  {
    ...endpoint('listProductTemplates'),
    kind: 'rpc',
    tag: 'publishing',
    summary: 'Ready product templates (tee, hoodie, tote, mug, poster) and the seller’s own',
    access: 'user',
    subject: PUBLISHING.listTemplates,
    toRequest: withUser,
    reply: publishing.listTemplatesReply,
  },
  {
    ...endpoint('saveProductTemplate'),
    kind: 'rpc',
    tag: 'publishing',
    summary: 'Save a product template from the catalogue of the connection (blueprint, provider, variants and prices)',
    access: 'user',
    subject: PUBLISHING.saveTemplate,
    body: publishing.saveTemplateBody,
    toRequest: withUser,
    reply: publishing.saveTemplateReply,
    status: 201,
  },
  {
    ...endpoint('createPublications'),
    kind: 'rpc',
    tag: 'publishing',
    summary: 'Create Printify drafts of designs with a template: one publication per design, queued at once',
    access: 'user',
    subject: PUBLISHING.createPublications,
    body: publishing.createPublicationsBody,
    toRequest: withUser,
    reply: publishing.createPublicationsReply,
    status: 202,
  },
  {
    ...endpoint('listPublications'),
    kind: 'rpc',
    tag: 'publishing',
    summary: 'Publications of the seller (?assetId= for one design) with their status',
    access: 'user',
    subject: PUBLISHING.listPublications,
    query: publishing.listPublicationsQuery,
    toRequest: withUser,
    reply: publishing.publicationsReply,
  },
  {
    ...endpoint('publishPublication'),
    kind: 'rpc',
    tag: 'publishing',
    summary: 'Publish a draft to the connected sales channel (counted against 200 publishes per 30 minutes)',
    access: 'user',
    subject: PUBLISHING.publish,
    params: publishing.publicationParams,
    toRequest: (input) => ({ userId: input.userId, publicationId: input.params.id }),
    reply: publishing.publicationReply,
    status: 202,
  },
  {
    ...endpoint('confirmPublication'),
    kind: 'rpc',
    tag: 'publishing',
    summary: 'Confirm a publication held for review (a trademark risk, a listing rule): it goes on',
    access: 'user',
    subject: PUBLISHING.confirm,
    params: publishing.publicationParams,
    toRequest: (input) => ({ userId: input.userId, publicationId: input.params.id }),
    reply: publishing.publicationReply,
  },
  {
    ...endpoint('downloadPrintFile'),
    kind: 'custom',
    tag: 'publishing',
    summary: 'A print file through a signed single-design link (valid 15 minutes, no session): what Printify downloads',
    access: 'public',
    subject: PUBLISHING.resolvePrintLink,
    params: publishing.printLinkParams,
    contentType: 'image/png',
  },
  // Printify OAuth 2.0 (issue 40 item 5): its rows live in printify-oauth.routes.ts.
  ...PRINTIFY_OAUTH_ROUTES,
] as const satisfies readonly Route[];

/** The exact type of every row: clients derive params, body and reply types from it (`RouteById`). */
export type RouteTable = typeof ROUTE_TABLE;
export type RouteById<K extends EndpointId> = Extract<RouteTable[number], { id: K }>;

export const ROUTES: readonly Route[] = ROUTE_TABLE;
