import type { Plan, TopupPack } from '@printloom/contracts';
import type { CheckoutRepository } from '../repositories/checkout.repository.js';
import type { PaymentProvider } from './payment-provider.js';

/**
 * The native default when Stripe is not configured: a checkout page of our own (/checkout/:id in the
 * SPA) whose Pay button drives the same internal path as Stripe's webhook.
 */
export class LocalPayments implements PaymentProvider {
  readonly name = 'local' as const;

  constructor(private readonly checkouts: CheckoutRepository) {}

  async checkoutForPlan(userId: string, plan: Plan): Promise<string> {
    return `/checkout/${await this.checkouts.create(userId, 'subscription', plan.id)}`;
  }

  async checkoutForPlanChange(userId: string, from: Plan, to: Plan): Promise<string> {
    return `/checkout/${await this.checkouts.create(userId, 'plan_change', to.id, from.id)}`;
  }

  /** Nothing is scheduled anywhere but in our own subscription row. */
  async keepCurrentPlan(): Promise<void> {}

  async checkoutForTopup(userId: string, pack: TopupPack): Promise<string> {
    return `/checkout/${await this.checkouts.create(userId, 'topup', pack.id)}`;
  }

  async portal(): Promise<string> {
    return '/account?portal=local';
  }
}
