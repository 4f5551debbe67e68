// A recent proof that it is the owner (a sign-in, the password again, an emailed code): what the
// server asks before leaving, connecting Printify and deleting or fetching many designs at once
// (403 REAUTH_REQUIRED), and the calls that give it.
import { ApiError, callApi } from './api-client';

/** Re-authentication of this session: the password again, or an emailed code for an account with neither a password nor Google. */
export const confirmPassword = (password: string) => callApi('confirmPassword', { body: { password } });
export const requestConfirmationCode = () => callApi('requestConfirmationCode');
export const confirmCode = (code: string) => callApi('confirmCode', { body: { code } });

/** `me.confirmedUntil` still ahead (a few seconds kept for the request itself). */
export const isRecentlyConfirmed = (confirmedUntil: string | null | undefined, now = Date.now()) =>
  !!confirmedUntil && Date.parse(confirmedUntil) - 5_000 > now;

/** The server refused an action for want of a recent proof. */
export const isReauthRequired = (error: unknown) => error instanceof ApiError && error.code === 'REAUTH_REQUIRED';

/** The user closed the "Confirm it's you" dialog: the action does not go on, and nothing more is said. */
export class ProofDeclined extends Error {
  constructor() {
    super('The proof was not given');
    this.name = 'ProofDeclined';
  }
}
