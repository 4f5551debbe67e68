import { describe, expect, it } from '@jest/globals';
import { OneTimeCode } from '../entities/code.entity.js';
import { Session as SessionEntity } from '../entities/session.entity.js';
import { User as UserEntity } from '../entities/user.entity.js';
import { toStoredCode } from './code.repository.js';
import { toSession } from './session.repository.js';
import { toDeletedAccount, toUser } from './user.repository.js';

const at = new Date('2026-11-23T18:00:00Z');

describe('auth repositories answer with plain domain objects', () => {
  it('maps a user entity to a User (not an entity instance)', () => {
    const entity = Object.assign(new UserEntity(), {
      id: 'u1',
      email: 'a@b.c',
      passwordHash: 'h',
      googleId: null,
      verifiedAt: at,
      deletedAt: null,
      createdAt: at,
    });
    const user = toUser(entity);
    expect(user).toEqual({ id: 'u1', email: 'a@b.c', passwordHash: 'h', googleId: null, verifiedAt: at, deletedAt: null, createdAt: at });
    expect(user).not.toBeInstanceOf(UserEntity);
  });

  it('maps a session, keeping only what the service needs (not the token hash)', () => {
    const entity = Object.assign(new SessionEntity(), {
      id: 's1',
      userId: 'u1',
      tokenHash: 'x',
      expiresAt: at,
      createdAt: at,
      lastExtendedAt: at,
    });
    expect(toSession(entity)).toEqual({ id: 's1', userId: 'u1', expiresAt: at, lastExtendedAt: at });
  });

  it('maps a stored code', () => {
    const entity = Object.assign(new OneTimeCode(), {
      id: 'c1',
      userId: 'u1',
      purpose: 'verify-email',
      codeHash: 'hh',
      attempts: 2,
      pendingPasswordHash: null,
      expiresAt: at,
      createdAt: at,
    });
    expect(toStoredCode(entity)).toEqual({ id: 'c1', codeHash: 'hh', attempts: 2, pendingPasswordHash: null, expiresAt: at });
  });

  it('maps a deleted-account row to camelCase with a Date', () => {
    expect(toDeletedAccount({ id: 'u1', email: 'a@b.c', deleted_at: '2026-11-23T18:00:00.000Z' as unknown as Date })).toEqual({
      id: 'u1',
      email: 'a@b.c',
      deletedAt: at,
    });
  });
});
