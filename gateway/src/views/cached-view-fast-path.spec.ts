import { describe, expect, it } from '@jest/globals';
import { plainSessionToken } from './cached-view-fast-path.js';

describe('the session token of a Cookie header, for the fast path', () => {
  it('finds a plain token first, last or between other cookies', () => {
    expect(plainSessionToken('pl_session=abc_DEF-1')).toBe('abc_DEF-1');
    expect(plainSessionToken('theme=dark; pl_session=abc; other=1')).toBe('abc');
    expect(plainSessionToken('a=1;pl_session=abc')).toBeNull();
  });

  it('leaves anything cookie-parser would decode or refuse to the routed path', () => {
    for (const header of [undefined, '', 'xpl_session=abc', 'pl_session=', 'pl_session=a%20b', 'pl_session="abc"', 'theme=dark']) {
      expect(plainSessionToken(header)).toBeNull();
    }
  });
});
