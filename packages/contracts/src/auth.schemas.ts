import { z } from 'zod';
import { clientInfo, code, email, newPassword, password, uuid, messageReply, ok } from './common.schemas.js';
import { subscriptionSummary } from './billing.schemas.js';
import { ACCOUNT_DELETION_WORD } from './limits.js';

export const credentialsBody = z.object({ email, password });
export const signupBody = z.object({ email, password: newPassword });
export const verifyEmailBody = z.object({ email, code });
export const emailBody = z.object({ email });
export const resetPasswordBody = z.object({ email, code, newPassword });

export const sessionToken = z.object({ token: z.string().min(1), expiresAt: z.iso.datetime() });
export const userRef = z.object({ id: uuid });
export const publicUser = z.object({
  id: uuid,
  email: z.string(),
  hasPassword: z.boolean(),
  hasGoogleAuth: z.boolean(),
});

// Requests over NATS.
export const signupRequest = signupBody.extend(clientInfo.shape);
/** What the browser reads: the same for a new address and one that already has an account. */
export const signupReply = z.object({ requiresVerification: z.literal(true), user: userRef });
/**
 * Over NATS the reply also carries the pending sign-up's token; the gateway moves it into the
 * pending-sign-up cookie, so only the browser that chose the password can make it the account's.
 */
export const signupRpcReply = signupReply.extend({ pendingSignup: sessionToken });
/** `pendingSignupToken`: the pending-sign-up cookie the code came back with, if any. */
export const verifyEmailRequest = verifyEmailBody.extend(clientInfo.shape).extend({ pendingSignupToken: z.string().max(200).optional() });
/** Replies that start a session carry the token; the gateway moves it into a cookie. */
/** `signedUp`: this sign-in made the account (Google), so the app reports the sign-up. */
export const sessionReply = z.object({ user: userRef, session: sessionToken, signedUp: z.boolean().optional() });
export const resendVerificationRequest = emailBody.extend(clientInfo.shape);
/** `pendingSignupToken`: the pending-sign-up cookie, if any: a pending sign-up's password answers "verify" only from its browser. */
export const loginRequest = credentialsBody.extend(clientInfo.shape).extend({ pendingSignupToken: z.string().max(200).optional() });
export const forgotPasswordRequest = emailBody.extend(clientInfo.shape);
export const resetPasswordRequest = resetPasswordBody.extend(clientInfo.shape);
export const logoutRequest = z.object({ token: z.string().optional() });
export const sessionResolveRequest = z.object({ token: z.string().min(1) });
/** `expiresAt`: a cache of the answer must not outlive the session. */
export const sessionResolveReply = z.object({
  userId: uuid,
  email: z.string(),
  expiresAt: z.iso.datetime(),
  /** Until when this session counts as recently confirmed (a sign-in, a password, an emailed code); null: never. */
  confirmedUntil: z.iso.datetime().nullable(),
});
/** BROADCASTS.sessionsRevoked: one session (by the hash of its token) or every session of a user. */
export const sessionsRevokedBroadcast = z.union([z.object({ tokenHash: z.string().length(64) }), z.object({ userId: uuid })]);
/** BROADCASTS.userChanged. */
export const userChangedBroadcast = z.object({ userId: uuid });
export const meReply = z.object({
  user: publicUser,
  credits: z.number().int(),
  trialCredits: z.number().int().optional(),
  trialCreditsExpireAt: z.iso.datetime().nullable().optional(),
  subscription: subscriptionSummary.nullable(),
  trialNotice: z.string().optional(),
  /** Billing did not answer in time: the credits (and plan) are the last this gateway saw, 0 when none. */
  creditsStale: z.literal(true).optional(),
  /** Until when this session may download the account's data or delete it without confirming again; null: confirm first. */
  confirmedUntil: z.iso.datetime().nullable(),
});
export const getUserRequest = z.object({ userId: uuid });
export const getUserReply = publicUser;
export const googleSignInRequest = z.object({
  googleId: z.string().min(1),
  email,
  emailVerified: z.boolean(),
  ...clientInfo.shape,
});

/** Setting a password with a code mailed to the signed-in user's own inbox. */
export const setPasswordBody = z.object({ code, newPassword });
export const requestPasswordCodeRequest = z.object({ userId: uuid, ...clientInfo.shape });
export const setPasswordRequest = setPasswordBody.extend({ userId: uuid, ...clientInfo.shape });

export { messageReply, ok };
export type MeReply = z.infer<typeof meReply>;
export type PublicUser = z.infer<typeof publicUser>;

/** Deleting an account is typed out: the word DELETE, exactly. */
export const deleteAccountBody = z.object({
  confirmation: z.literal(ACCOUNT_DELETION_WORD, { message: `Type ${ACCOUNT_DELETION_WORD} to confirm.` }),
});
export const deleteAccountRequest = deleteAccountBody.extend({ userId: uuid });
export const deleteAccountReply = z.object({ message: z.string(), purgeAfter: z.iso.datetime() });

// Re-authentication of the current session (leaving needs it): a password, or an emailed code for an
// account with neither a password nor Google.
export const confirmPasswordBody = z.object({ password });
export const confirmCodeBody = z.object({ code });
const currentSession = z.object({ token: z.string().min(1), ...clientInfo.shape });
export const confirmPasswordRequest = confirmPasswordBody.extend(currentSession.shape);
export const confirmCodeRequest = confirmCodeBody.extend(currentSession.shape);
export const requestConfirmationCodeRequest = currentSession;
export const sessionConfirmedReply = z.object({ confirmedUntil: z.iso.datetime() });
/** BROADCASTS.sessionConfirmed. */
export const sessionConfirmedBroadcast = z.object({ tokenHash: z.string().length(64), userId: uuid });
