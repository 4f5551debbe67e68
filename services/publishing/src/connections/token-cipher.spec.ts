import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { parseConnectionKeys, TokenCipher, tokenHintOf } from './token-cipher.js';

const key = (id: string) => `${id}:${randomBytes(32).toString('base64')}`;

describe('TokenCipher', () => {
  it('seals a token so that its text is nowhere in the sealed bytes, and opens it again', () => {
    const cipher = new TokenCipher(parseConnectionKeys(key('k1')));
    const token = 'eyJhbGciOi.secret-printify-token-1234';
    const sealed = cipher.seal(token, 'user-1');
    expect(sealed.keyId).toBe('k1');
    expect(sealed.sealed.includes(Buffer.from('secret'))).toBe(false);
    expect(cipher.open(sealed, 'user-1')).toBe(token);
  });

  it("refuses to open a token under another owner's id (authenticated data)", () => {
    const cipher = new TokenCipher(parseConnectionKeys(key('k1')));
    const sealed = cipher.seal('token-abcdefgh', 'user-1');
    expect(() => cipher.open(sealed, 'user-2')).toThrow();
  });

  it('opens tokens sealed with an older key after a rotation, and seals new ones with the first key', () => {
    const old = key('k1');
    const sealedBefore = new TokenCipher(parseConnectionKeys(old)).seal('token-before-rotation', 'u');
    const rotated = new TokenCipher(parseConnectionKeys(`${key('k2')},${old}`));
    expect(rotated.open(sealedBefore, 'u')).toBe('token-before-rotation');
    expect(rotated.seal('new-token', 'u').keyId).toBe('k2');
    expect(() => new TokenCipher(parseConnectionKeys(key('k3'))).open(sealedBefore, 'u')).toThrow(/k1/);
  });

  it('refuses malformed keys with a reason', () => {
    expect(() => parseConnectionKeys('nokey')).toThrow(/id:base64/);
    expect(() => parseConnectionKeys(`k1:${Buffer.alloc(16).toString('base64')}`)).toThrow(/32 bytes/);
    expect(() => parseConnectionKeys(`${key('k1')},${key('k1')}`)).toThrow(/twice/);
  });

  it('hints at a token by its last 4 characters only', () => {
    expect(tokenHintOf('abcdefgh1234')).toBe('1234');
  });
});
