// Analytics events of spec section 7, pushed to window.dataLayer (a tag manager reads it when present).
export type AnalyticsEvent =
  | 'signup' | 'email_verified' | 'trial_credits_granted' | 'subscription_started' | 'topup_purchase'
  | 'generation_started' | 'generation_completed' | 'image_download' | 'image_starred' | 'upscale_2x'
  | 'upscale_4x' | 'image_described' | 'subscription_cancelled' | 'page_view';

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
    dataLayer?: Record<string, unknown>[];
  }
}

export function track(event: AnalyticsEvent, fields: AnalyticsFields = {}): void {
  window.dataLayer ??= [];
  window.dataLayer.push({ event, ...fields });
}
