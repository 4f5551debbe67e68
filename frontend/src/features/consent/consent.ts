export const CONSENT_KEY = 'cookie-consent';
export const BANNER_DELAY_MS = 1000;
export const SLIDE_OUT_MS = 300;

export interface StoredConsent {
  value: 'accepted';
  at: string;
}

export function readConsent(): StoredConsent | null {
  try {
    const stored = JSON.parse(localStorage.getItem(CONSENT_KEY) ?? 'null') as StoredConsent | null;
    return stored?.value === 'accepted' ? stored : null;
  } catch {
    return null;
  }
}

/** Only Accept stores consent: the value 'accepted' and when. */
export function storeConsent(now = new Date()): void {
  try {
    localStorage.setItem(CONSENT_KEY, JSON.stringify({ value: 'accepted', at: now.toISOString() } satisfies StoredConsent));
  } catch {
    // private mode: the banner comes back next visit
  }
}
