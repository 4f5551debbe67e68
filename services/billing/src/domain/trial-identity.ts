import { createHmac } from 'node:crypto';

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * One inbox however it is written: lower-case, a `+tag` removed, and for Gmail the dots of the local
 * part removed, googlemail.com read as gmail.com (Gmail delivers all of these to the same inbox).
 */
export function normaliseTrialEmail(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 1) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/**
 * What billing keeps of a person who had the trial: a keyed one-way hash (HMAC-SHA256 with
 * TRIAL_HASH_KEY) of the normalised address. It survives account deletion; without the key it cannot
 * be reversed or tested against a list of addresses.
 */
export function trialIdentityHash(key: string, email: string): string {
  return createHmac('sha256', key).update(normaliseTrialEmail(email)).digest('hex');
}
