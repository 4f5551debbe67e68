import Stripe from 'stripe';
import type { BillingConfig } from '../config.js';

/** The Stripe SDK, pointed at STRIPE_API_BASE when set (a local stand-in server in tests). */
export function createStripeClient(config: BillingConfig): Stripe {
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
  return new Stripe(config.STRIPE_SECRET_KEY!, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
          protocol: base.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
}
