/** Support messages one sender may send per window: by address and by the email they give. */
export const SUPPORT_LIMITS = {
  windowSeconds: 3600,
  perIp: 10,
  perEmail: 5,
} as const;

export const SUPPORT_RATE_LIMIT_MESSAGE = 'Too many messages. Please wait a few minutes and try again.';
