// The product's analytics events (sign-up, verification, purchases, generations…), pushed to window.dataLayer (a tag manager reads it when present).
export type AnalyticsEvent =
  | 'signup'
  | 'email_verified'
  | 'trial_credits_granted'
  | 'subscription_started'
  | 'topup_purchase'
  | 'generation_started'
  | 'generation_completed'
  | 'image_download'
  | 'image_starred'
  | 'upscale_2x'
  | 'upscale_4x'
  | 'image_described'
  | 'subscription_cancelled'
  | 'page_view';

export interface AnalyticsFields {
  user_id?: string;
  asset_id?: string;
  job_id?: string;
  variant?: string;
  starred?: boolean;
  plan?: string;
  pack?: string;
  credits?: number;
  value?: number;
  currency?: 'USD';
  prompt?: string;
  prompt_length?: number;
  page_path?: string;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export function track(event: AnalyticsEvent, fields: AnalyticsFields = {}): void {
  window.dataLayer ??= [];
  window.dataLayer.push({ event, ...fields });
}

/** gtag's own shape: tag managers read consent commands only as an `arguments` object. */
function gtag(..._args: unknown[]): void {
  window.dataLayer ??= [];
  // eslint-disable-next-line prefer-rest-params
  window.dataLayer.push(arguments);
}

/**
 * Consent mode, first thing on the page: analytics storage denied (no analytics tag fires) until the
 * visitor accepts cookies; a stored Accept grants it from the start.
 */
export function initConsentMode(accepted: boolean): void {
  gtag('consent', 'default', {
    analytics_storage: accepted ? 'granted' : 'denied',
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
  });
}

/** The visitor pressed Accept. */
export function grantAnalyticsConsent(): void {
  gtag('consent', 'update', { analytics_storage: 'granted' });
}
