import { describe, expect, it } from '@jest/globals';
import { normaliseTrialEmail, trialIdentityHash } from './trial-identity.js';

describe('trial identity', () => {
  it('reads one inbox however it is written: case, +tags, Gmail dots and googlemail.com', () => {
    expect(normaliseTrialEmail(' Seller@Example.COM ')).toBe('seller@example.com');
    expect(normaliseTrialEmail('seller+trial2@example.com')).toBe('seller@example.com');
    expect(normaliseTrialEmail('Jane.Doe+x+y@gmail.com')).toBe('janedoe@gmail.com');
    expect(normaliseTrialEmail('j.a.n.e.doe@googlemail.com')).toBe('janedoe@gmail.com');
    expect(normaliseTrialEmail('JANEDOE@GoogleMail.com')).toBe('janedoe@gmail.com');
  });

  it('keeps dots outside Gmail, and what a real address needs', () => {
    expect(normaliseTrialEmail('jane.doe@example.com')).toBe('jane.doe@example.com');
    expect(normaliseTrialEmail('jane.doe@mail.gmail.com.example')).toBe('jane.doe@mail.gmail.com.example');
    expect(normaliseTrialEmail('+tag@example.com')).toBe('+tag@example.com');
    expect(normaliseTrialEmail('not-an-address')).toBe('not-an-address');
  });

  it('hashes the normalised address with the key: same person, same hash; another key or person, another hash', () => {
    const key = 'k'.repeat(32);
    const hash = trialIdentityHash(key, 'jane.doe+1@gmail.com');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(trialIdentityHash(key, 'JaneDoe@googlemail.com')).toBe(hash);
    expect(trialIdentityHash('x'.repeat(32), 'janedoe@gmail.com')).not.toBe(hash);
    expect(trialIdentityHash(key, 'janedoe2@gmail.com')).not.toBe(hash);
    expect(hash).not.toContain('janedoe');
  });
});
