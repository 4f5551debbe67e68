import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { AppError, PUBLISHING_MESSAGES } from '@printloom/contracts';

/** One encryption key of CONNECTIONS_KEY: its id (stored beside each token) and 32 bytes. */
export interface ConnectionKey {
  id: string;
  key: Buffer;
}

export interface SealedToken {
  keyId: string;
  /** 12-byte IV, 16-byte GCM tag, then the ciphertext. */
  sealed: Buffer;
}

/** The key development and tests use when CONNECTIONS_KEY is unset (production refuses to start without one). */
export const DEVELOPMENT_CONNECTION_KEY: ConnectionKey = {
  id: 'dev',
  key: createHash('sha256').update('printloom-local-development-connections-key').digest(),
};

/**
 * CONNECTIONS_KEY: `id:base64key` pairs separated by commas, the first the current one (new tokens are
 * sealed with it); the others only open tokens sealed before a rotation, which start-up re-seals.
 */
export function parseConnectionKeys(value: string): ConnectionKey[] {
  const keys = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const separator = part.indexOf(':');
      if (separator <= 0) throw new Error('each key is id:base64 (32 bytes), e.g. k1:$(openssl rand -base64 32)');
      const id = part.slice(0, separator);
      const key = Buffer.from(part.slice(separator + 1), 'base64');
      if (!/^[\w.-]{1,40}$/.test(id)) throw new Error(`key id "${id}" may hold only letters, digits, _ . -`);
      if (key.length !== 32) throw new Error(`key ${id} must be 32 bytes, base64-encoded`);
      return { id, key };
    });
  if (keys.length === 0) throw new Error('holds no key');
  if (new Set(keys.map((key) => key.id)).size !== keys.length) throw new Error('names a key id twice');
  return keys;
}

/** GCM's full tag: a shorter one (Node accepts down to 4 bytes unless told) would make a forgery cheaper. */
const AUTH_TAG_LENGTH = 16;

/**
 * A token sealed with a key that CONNECTIONS_KEY no longer holds: it can never be opened again, so the
 * seller has to connect anew (never a reason to retry).
 */
export class ConnectionKeyGone extends Error {
  constructor(readonly keyId: string) {
    super(`The connection key ${keyId} is not in CONNECTIONS_KEY any more`);
    this.name = 'ConnectionKeyGone';
  }
}

/** AES-256-GCM over each token, the key id stored beside it so that keys can be rotated. */
export class TokenCipher {
  private readonly byId: Map<string, Buffer>;

  constructor(private readonly keys: ConnectionKey[]) {
    if (keys.length === 0) throw new Error('TokenCipher needs a key');
    this.byId = new Map(keys.map((key) => [key.id, key.key]));
  }

  get currentKeyId(): string {
    return this.keys[0]!.id;
  }

  seal(token: string, context: string): SealedToken {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keys[0]!.key, iv, { authTagLength: AUTH_TAG_LENGTH });
    // The owner's id is authenticated data: a sealed token copied onto another user's row does not open.
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
    return { keyId: this.keys[0]!.id, sealed: Buffer.concat([iv, cipher.getAuthTag(), body]) };
  }

  open({ keyId, sealed }: SealedToken, context: string): string {
    const key = this.byId.get(keyId);
    if (!key) throw new ConnectionKeyGone(keyId);
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12), { authTagLength: AUTH_TAG_LENGTH });
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(sealed.subarray(12, 12 + AUTH_TAG_LENGTH));
    return Buffer.concat([decipher.update(sealed.subarray(12 + AUTH_TAG_LENGTH)), decipher.final()]).toString('utf8');
  }
}

/**
 * A seller's stored token, opened with its owner's id as authenticated data. A key that is gone answers
 * NOT_CONNECTED ("reconnect Printify"): a publication fails with it instead of being retried forever.
 */
export function openStoredToken(cipher: TokenCipher, stored: { userId: string; tokenKeyId: string; tokenSealed: Buffer }): string {
  try {
    return cipher.open({ keyId: stored.tokenKeyId, sealed: stored.tokenSealed }, stored.userId);
  } catch (error) {
    if (error instanceof ConnectionKeyGone) throw new AppError('UNPROCESSABLE', PUBLISHING_MESSAGES.reconnect, { reason: 'NOT_CONNECTED' });
    throw error;
  }
}

/** What a seller sees of a token: its last 4 characters. */
export const tokenHintOf = (token: string) => token.slice(-4);

/** The authenticated data a grant's refresh token is sealed with: never opens as an access token, nor the other way. */
export const refreshContext = (userId: string) => `${userId}#refresh`;
