import { describe, expect, it } from '@jest/globals';
import { toStoredCode } from './code.repository.js';
import { toSession } from './session.repository.js';
import { toDeletedAccount, toUser } from './user.repository.js';

const at = new Date('2026-11-23T18:00:00Z');
const snakeKeys = (value: object) => Object.keys(value).filter((key) => key.includes('_'));

describe('auth repositories answer with camelCase domain objects', () => {
  it('maps a user row', () => {
    const user = toUser({
      id: 'u1',
      email: 'a@b.c',
      password_hash: 'h',
      google_id: null,
      verified_at: at,
      deleted_at: null,
      created_at: at,
    });
    expect(user).toEqual({ id: 'u1', email: 'a@b.c', passwordHash: 'h', googleId: null, verifiedAt: at, deletedAt: null, createdAt: at });
    expect(snakeKeys(user)).toEqual([]);
  });

  it('maps a session row, keeping only what the service needs (not the token hash)', () => {
    const row = { id: 's1', user_id: 'u1', token_hash: 'x', expires_at: at, created_at: at, last_extended_at: at, confirmed_at: null };
    expect(toSession(row)).toEqual({ id: 's1', userId: 'u1', expiresAt: at, lastExtendedAt: at, confirmedAt: null });
  });

  it('maps a stored code row', () => {
    const code = toStoredCode({
      id: 'c1',
      code_hash: 'hh',
      attempts: 2,
      pending_password_hash: null,
      pending_signup_token_hash: 'th',
      expires_at: at,
    });
    expect(code).toEqual({ id: 'c1', codeHash: 'hh', attempts: 2, pendingPasswordHash: null, pendingSignupTokenHash: 'th', expiresAt: at });
    expect(snakeKeys(code)).toEqual([]);
  });

  it('maps a deleted-account row to camelCase with a Date', () => {
    expect(toDeletedAccount({ id: 'u1', email: 'a@b.c', deleted_at: '2026-11-23T18:00:00.000Z' as unknown as Date })).toEqual({
      id: 'u1',
      email: 'a@b.c',
      deletedAt: at,
    });
  });
});
