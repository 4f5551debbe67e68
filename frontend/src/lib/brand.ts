/** Who draws the designs when an API key is configured; credited in the footer. */
export const IMAGE_PROVIDER = {
  name: 'OpenAI',
  usagePolicyUrl: 'https://openai.com/policies/usage-policies/',
} as const;

/** Where sellers can write when the contact form fails (the notifications service's SUPPORT_EMAIL). */
export const SUPPORT_EMAIL: string = import.meta.env.VITE_SUPPORT_EMAIL ?? 'support@printloom.local';
