/** The domain types the auth repositories answer with: camelCase objects mapped from their rows. */

export interface User {
  id: string;
  email: string;
  passwordHash: string | null;
  googleId: string | null;
  verifiedAt: Date | null;
  deletedAt: Date | null;
  createdAt: Date;
}

/** A signed-in browser; only the SHA-256 of its cookie token is stored. */
export interface Session {
  id: string;
  userId: string;
  expiresAt: Date;
  lastExtendedAt: Date;
  /** When this session last proved its owner (a sign-in, a password re-entered, an emailed code); null: never. */
  confirmedAt: Date | null;
}

/** 'signup-attempt': a sign-up for a verified address, kept as a pending sign-up is; its code is never mailed nor consumed. */
export type CodePurpose = 'verify-email' | 'reset-password' | 'set-password' | 'confirm-session' | 'signup-attempt';

/** What a sign-up binds to its verification code: its password and the hash of its browser's token. */
export interface PendingSignup {
  passwordHash: string;
  tokenHash: string;
}

/**
 * A one-time code as stored: its keyed hash, tries used, and the password a sign-up bound to it with
 * the hash of the pending-sign-up cookie of the browser that chose it.
 */
export interface StoredCode {
  id: string;
  codeHash: string;
  attempts: number;
  pendingPasswordHash: string | null;
  pendingSignupTokenHash: string | null;
  expiresAt: Date;
}

/** A deleted account whose deletion is still to be announced (or was just made). */
export interface DeletedAccount {
  id: string;
  email: string;
  deletedAt: Date;
}
