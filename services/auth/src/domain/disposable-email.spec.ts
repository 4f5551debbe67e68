import { describe, expect, it } from '@jest/globals';
import { isDisposableEmail } from './disposable-email.js';

describe('disposable email domains', () => {
  it('refuses throwaway-mail domains and their subdomains', () => {
    expect(isDisposableEmail('seller@mailinator.com')).toBe(true);
    expect(isDisposableEmail('seller@inbox.mailinator.com')).toBe(true);
    expect(isDisposableEmail('seller@Guerrillamail.com')).toBe(true);
  });

  it('lets real mail providers and own domains through', () => {
    for (const email of ['seller@gmail.com', 'seller@outlook.com', 'gia@printshop.example', 'x@example.com'])
      expect(isDisposableEmail(email)).toBe(false);
  });
});
