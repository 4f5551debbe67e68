import { LIMITS } from './limits.js';

// Errors travel as data: services throw AppError(code, message), it crosses NATS as { code, message }
// and the gateway maps the code to an HTTP status with this one table.
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  INSUFFICIENT_CREDITS: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  NOT_IMPLEMENTED: 501,
  UPSTREAM_FAILED: 502,
  UNAVAILABLE: 503,
  TIMEOUT: 504,
  /** Leaving (export, deletion) needs a password, a Google sign-in or an emailed code within LIMITS.reauthWindowMinutes. */
  REAUTH_REQUIRED: 403,
  /** A listing edit breaks a marketplace rule (packages/contracts/src/listing-rules); the body names `field` and `limit`. */
  LISTING_INVALID: 422,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorPayload {
  code: ErrorCode;
  message: string;
  /** Extra fields the client needs, e.g. requiresVerification on a 403 login. */
  details?: Record<string, unknown>;
}

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  toPayload(): ErrorPayload {
    return this.details ? { code: this.code, message: this.message, details: this.details } : { code: this.code, message: this.message };
  }

  static isPayload(value: unknown): value is ErrorPayload {
    return (
      typeof value === 'object' &&
      value !== null &&
      typeof (value as ErrorPayload).code === 'string' &&
      (value as ErrorPayload).code in ERROR_STATUS &&
      typeof (value as ErrorPayload).message === 'string'
    );
  }

  static fromPayload(payload: ErrorPayload): AppError {
    return new AppError(payload.code, payload.message, payload.details);
  }
}

export function httpStatusOf(code: ErrorCode): number {
  return ERROR_STATUS[code];
}

/** The code of an HTTP status that did not come from an AppError (a framework 404, a proxy's 502). */
export function errorCodeOfStatus(status: number): ErrorCode {
  const exact = (Object.keys(ERROR_STATUS) as ErrorCode[]).find((code) => ERROR_STATUS[code] === status);
  return exact ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
}

/** The HTTP error body of every route: `{ error: message, code, ...details }` (the client shows `error`, branches on `code`). */
export interface HttpErrorBody {
  error: string;
  code: ErrorCode;
  [detail: string]: unknown;
}

export function httpErrorBody(code: ErrorCode, message: string, details?: Record<string, unknown>): HttpErrorBody {
  return { error: message, code, ...details };
}
/** Shown to an account that verified after its address had used up the day's trial grants. */
export const trialWithheldMessage = (grantsPerDay: number) =>
  `Free trial credits go to at most ${grantsPerDay} new accounts per network each day, so this account starts with 0 credits. Choose a plan or a top-up pack to start creating.`;

export const MESSAGES = {
  imageTooLarge: `Image is too large: at most ${LIMITS.uploadMaxSide} pixels per side and ${LIMITS.uploadMaxPixels / 1_000_000} megapixels.`,
  imageUnreadable: 'This image could not be read. Please upload a JPEG, PNG or WebP image.',
  notAuthenticated: 'Not authenticated',
  insufficientCredits: 'Insufficient credits. Purchase more to continue.',
  notFound: 'Not found',
  /** A design the seller asked for that is not in their library (gone, or another seller's). */
  imageNotFound: 'Image not found',
  reauthRequired: 'Please confirm it is you (your password or an emailed code) before this action.',
  accountOnHold: 'Your account is on hold after a payment was reversed. Please contact support.',
} as const;

/** A 503 while a service's circuit is open (it stopped answering): sent with Retry-After, the rest of the cool-down. */
export const serviceNotAnsweringMessage = (service: string) =>
  `The ${service} service is not answering right now. Please try again in a few seconds.`;

/**
 * The `reason` of a 403 FORBIDDEN that stops a flagged account (a refund or a dispute) from reserving
 * credits, splitting a batch's credits or having a batch row fed, until an operator releases the hold.
 */
export const ACCOUNT_ON_HOLD = 'ACCOUNT_ON_HOLD';
