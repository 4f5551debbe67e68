// The public HTTP surface (spec section 7), one row per route. The gateway registers every row,
// validates input with its schemas, forwards `rpc` rows over NATS and derives /api/docs from it.
import { z } from 'zod';
import { AUTH, BILLING, GENERATION, ASSETS, NOTIFICATIONS } from './subjects.js';
import * as auth from './auth.schemas.js';
import * as billing from './billing.schemas.js';
import * as generation from './generation.schemas.js';
import * as assets from './assets.schemas.js';
import * as notifications from './notifications.schemas.js';
import { messageReply, ok, urlReply } from './common.schemas.js';
import { exportPresetsReply } from './export-presets.js';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';
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
}

interface RouteBase {
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
}

/** Forwarded as one NATS request; the service's reply is the HTTP body. */
export interface RpcRoute extends RouteBase {
  kind: 'rpc';
  subject: string;
  toRequest?: (input: RouteInput) => Record<string, unknown>;
  /** 'start': the reply carries `session`, moved into the session cookie. 'end': clears it. */
  session?: 'start' | 'end';
}

/** Served by a dedicated gateway handler (uploads, file streams, redirects, raw webhooks). */
export interface CustomRoute extends RouteBase {
  kind: 'custom';
  subject?: string;
}

export type Route = RpcRoute | CustomRoute;

const withUser = (input: RouteInput) => ({ ...input.query, ...input.body, userId: input.userId });
const withClient = (input: RouteInput) => ({ ...input.body, ip: input.ip });
const withAsset = (input: RouteInput) => ({ ...input.query, ...input.body, userId: input.userId, assetId: input.params.id });

export const ROUTES: readonly Route[] = [
  // Accounts
  { kind: 'rpc', method: 'GET', path: '/api/auth/me', tag: 'auth', summary: 'Current user, credits and subscription', access: 'user', subject: AUTH.me, reply: auth.meReply },
  { kind: 'rpc', method: 'POST', path: '/api/auth/signup', tag: 'auth', summary: 'Create an account and email a verification code', access: 'public', subject: AUTH.signup, body: auth.signupBody, toRequest: withClient, reply: auth.signupReply },
  { kind: 'rpc', method: 'POST', path: '/api/auth/verify-email', tag: 'auth', summary: 'Verify the email with its 6-digit code and start a session', access: 'public', subject: AUTH.verifyEmail, body: auth.verifyEmailBody, toRequest: withClient, session: 'start', reply: z.object({ user: auth.userRef }) },
  { kind: 'rpc', method: 'POST', path: '/api/auth/resend-verification', tag: 'auth', summary: 'Send a new verification code', access: 'public', subject: AUTH.resendVerification, body: auth.emailBody, toRequest: withClient, reply: messageReply },
  { kind: 'rpc', method: 'POST', path: '/api/auth/login', tag: 'auth', summary: 'Sign in with email and password', access: 'public', subject: AUTH.login, body: auth.credentialsBody, toRequest: withClient, session: 'start', reply: z.object({ user: auth.userRef }) },
  { kind: 'rpc', method: 'POST', path: '/api/auth/forgot-password', tag: 'auth', summary: 'Email a password-reset code (same answer whether the email exists or not)', access: 'public', subject: AUTH.forgotPassword, body: auth.emailBody, toRequest: withClient, reply: messageReply },
  { kind: 'rpc', method: 'POST', path: '/api/auth/reset-password', tag: 'auth', summary: 'Set a new password with a reset code; ends every session', access: 'public', subject: AUTH.resetPassword, body: auth.resetPasswordBody, toRequest: withClient, reply: messageReply },
  { kind: 'rpc', method: 'POST', path: '/api/auth/logout', tag: 'auth', summary: 'End the current session', access: 'public', subject: AUTH.logout, toRequest: (input) => ({ token: input.sessionToken ?? undefined }), session: 'end', reply: ok },
  { kind: 'custom', method: 'GET', path: '/api/auth/google', tag: 'auth', summary: 'Start Google sign-in (browser navigation)', access: 'public' },
  { kind: 'custom', method: 'GET', path: '/api/auth/google/callback', tag: 'auth', summary: 'Google sign-in callback', access: 'public', subject: AUTH.googleSignIn },

  // Support
  { kind: 'rpc', method: 'POST', path: '/api/support', tag: 'support', summary: 'Send a support, feedback or feature message', access: 'optional-user', subject: NOTIFICATIONS.createSupportMessage, body: notifications.supportBody, toRequest: withUser, reply: ok },

  // Generation
  { kind: 'custom', method: 'POST', path: '/api/describe', tag: 'generation', summary: 'Describe an uploaded image (multipart field "image"); costs 1 credit', access: 'user', subject: GENERATION.describe, reply: generation.describeReply, contentType: 'multipart/form-data' },
  { kind: 'rpc', method: 'POST', path: '/api/generate', tag: 'generation', summary: 'Start a generation of 4 variants; costs 1 credit', access: 'user', subject: GENERATION.createJob, body: generation.generateBody, toRequest: withUser, reply: generation.generateReply },
  { kind: 'rpc', method: 'GET', path: '/api/jobs/:id', tag: 'generation', summary: 'A job and its status', access: 'user', subject: GENERATION.getJob, params: generation.jobParams, toRequest: (input) => ({ userId: input.userId, jobId: input.params.id }), reply: generation.getJobReply },

  // Assets
  { kind: 'rpc', method: 'GET', path: '/api/assets', tag: 'assets', summary: 'The library, newest first, 24 per page', access: 'user', subject: ASSETS.list, query: assets.listAssetsQuery, toRequest: withUser, reply: assets.listAssetsReply },
  { kind: 'rpc', method: 'PATCH', path: '/api/assets/:id/star', tag: 'assets', summary: 'Toggle the star (starred: kept 1 year)', access: 'user', subject: ASSETS.star, params: assets.assetParams, toRequest: withAsset, reply: assets.starReply },
  { kind: 'rpc', method: 'DELETE', path: '/api/assets', tag: 'assets', summary: 'Delete up to 100 assets', access: 'user', subject: ASSETS.bulkDelete, body: assets.bulkIdsBody, toRequest: withUser, reply: assets.deleteReply },
  { kind: 'rpc', method: 'DELETE', path: '/api/assets/:id', tag: 'assets', summary: 'Delete one asset', access: 'user', subject: ASSETS.delete, params: assets.assetParams, toRequest: withAsset, reply: assets.deleteReply },
  { kind: 'rpc', method: 'POST', path: '/api/assets/:id/remove-background', tag: 'assets', summary: 'Remove the background into a new asset (free)', access: 'user', subject: ASSETS.removeBackground, params: assets.assetParams, toRequest: withAsset, reply: assets.removeBackgroundReply },
  { kind: 'rpc', method: 'POST', path: '/api/assets/:id/upscale', tag: 'assets', summary: 'Upscale 2x or 4x into a new asset (2 credits)', access: 'user', subject: ASSETS.upscale, params: assets.assetParams, body: assets.upscaleBody, toRequest: withAsset, reply: assets.upscaleReply },
  { kind: 'custom', method: 'GET', path: '/api/download/zip', tag: 'assets', summary: 'Download many assets as one ZIP (ids comma-separated, at most 100)', access: 'user', subject: ASSETS.resolveZip, query: assets.zipQuery, contentType: 'application/zip' },
  { kind: 'custom', method: 'GET', path: '/api/download/:id', tag: 'assets', summary: 'Download an image: the original PNG, its thumbnail/preview, or the print file for an export preset', access: 'user', subject: ASSETS.resolveDownload, params: assets.assetParams, query: assets.downloadQuery, contentType: 'image/png' },
  { kind: 'custom', method: 'GET', path: '/api/export-presets', tag: 'assets', summary: 'Product canvases an image can be exported for (?preset= on a download)', access: 'public', reply: exportPresetsReply },

  // Billing
  { kind: 'rpc', method: 'POST', path: '/api/stripe/checkout', tag: 'billing', summary: 'Checkout for a monthly plan', access: 'user', subject: BILLING.checkout, body: billing.checkoutBody, toRequest: withUser, reply: urlReply },
  { kind: 'rpc', method: 'POST', path: '/api/stripe/topup', tag: 'billing', summary: 'Checkout for a top-up pack', access: 'user', subject: BILLING.topup, body: billing.topupBody, toRequest: withUser, reply: urlReply },
  { kind: 'rpc', method: 'POST', path: '/api/stripe/portal', tag: 'billing', summary: 'Billing portal (subscribers only)', access: 'user', subject: BILLING.portal, toRequest: withUser, reply: urlReply },
  { kind: 'custom', method: 'POST', path: '/api/stripe/webhook', tag: 'billing', summary: 'Stripe webhook (signed raw body)', access: 'public', subject: BILLING.webhook },
  { kind: 'rpc', method: 'GET', path: '/api/checkout/local/:sessionId', tag: 'billing', summary: 'A local checkout session (used when Stripe is not configured)', access: 'user', subject: BILLING.localCheckoutGet, params: billing.localCheckoutParams, toRequest: (input) => ({ userId: input.userId, sessionId: input.params.sessionId }), reply: billing.localCheckoutReply },
  { kind: 'rpc', method: 'POST', path: '/api/billing/local-portal', tag: 'billing', summary: 'Cancel a subscription at its period end, or resume it (the billing portal when Stripe is not configured)', access: 'user', subject: BILLING.localPortal, body: billing.localPortalBody, toRequest: withUser, reply: billing.localPortalReply },
  { kind: 'rpc', method: 'POST', path: '/api/checkout/local/:sessionId', tag: 'billing', summary: 'Pay or cancel a local checkout session', access: 'user', subject: BILLING.localCheckoutComplete, params: billing.localCheckoutParams, body: billing.localCheckoutCompleteBody, toRequest: (input) => ({ ...input.body, userId: input.userId, sessionId: input.params.sessionId }), reply: billing.localCheckoutCompleteReply },
];
