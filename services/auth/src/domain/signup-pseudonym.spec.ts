import { describe, expect, it } from '@jest/globals';
import { userRef } from '@printloom/contracts';
import { signupPseudonym } from './signup-pseudonym.js';

const KEY = 'a-server-key-of-at-least-16-characters';

describe('the sign-up pseudonym', () => {
  it('is a UUID the sign-up reply accepts (version 8, RFC variant)', () => {
    const id = signupPseudonym(KEY, 'seller@example.com');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(userRef.safeParse({ id }).success).toBe(true);
  });

  it('is the same for the same address however it is typed, and another for another address', () => {
    const id = signupPseudonym(KEY, 'seller@example.com');
    expect(signupPseudonym(KEY, '  Seller@Example.COM ')).toBe(id);
    expect(signupPseudonym(KEY, 'seller2@example.com')).not.toBe(id);
  });

  it('depends on the server key: without it nobody can compute it', () => {
    expect(signupPseudonym(`${KEY}-other`, 'seller@example.com')).not.toBe(signupPseudonym(KEY, 'seller@example.com'));
  });
});
