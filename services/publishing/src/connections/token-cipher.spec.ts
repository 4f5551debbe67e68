import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { ConnectionKeyGone, parseConnectionKeys, TokenCipher, tokenHintOf } from './token-cipher.js';

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

  it('tells a token sealed with a key that is gone apart from any other failure (the seller must connect again)', () => {
    const sealed = new TokenCipher(parseConnectionKeys(key('k1'))).seal('token-of-a-lost-key', 'u');
    const withoutK1 = new TokenCipher(parseConnectionKeys(key('k2')));
    expect(() => withoutK1.open(sealed, 'u')).toThrow(ConnectionKeyGone);
    expect(() => withoutK1.open(sealed, 'u')).toThrow(expect.objectContaining({ keyId: 'k1' }));
    // A wrong owner is another failure, not a lost key.
    const cipher = new TokenCipher(parseConnectionKeys(key('k1')));
    expect(() => cipher.open(cipher.seal('token-abcdefgh', 'u'), 'v')).not.toThrow(ConnectionKeyGone);
  });

  it('accepts only a full 16-byte GCM tag: a sealed token cut to a shorter tag does not open', () => {
    const cipher = new TokenCipher(parseConnectionKeys(key('k1')));
    // An empty token seals to the IV and the tag alone; GCM's shorter tags are prefixes of the full one.
    const { keyId, sealed } = cipher.seal('', 'u');
    expect(sealed).toHaveLength(12 + 16);
    expect(cipher.open({ keyId, sealed }, 'u')).toBe('');
    for (const tagBytes of [4, 8, 12, 15]) expect(() => cipher.open({ keyId, sealed: sealed.subarray(0, 12 + tagBytes) }, 'u')).toThrow();
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
