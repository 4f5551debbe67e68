import disposableDomains from 'disposable-email-domains-js';

// The maintained list (disposable-email-domains-js, CC0), loaded once.
const DISPOSABLE = disposableDomains.disposableEmailBlocklistSet();

/** True for an address at a throwaway-mail domain or any subdomain of one (x.mailinator.com). */
export function isDisposableEmail(email: string): boolean {
  const labels = email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase()
    .split('.');
  for (let i = 0; i < labels.length - 1; i += 1) {
    if (DISPOSABLE.has(labels.slice(i).join('.'))) return true;
  }
  return false;
}
