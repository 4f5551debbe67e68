import type { Plan, TopupPack } from '@printloom/contracts';
import type { CheckoutRepository } from '../repositories/checkout.repository.js';
import type { PaymentProvider, PlanChange, UpgradeStart } from './payment-provider.js';

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

  /** The local checkout's Pay is the payment: it charges the prorated difference and applies the upgrade. */
  async upgrade(userId: string, change: PlanChange): Promise<UpgradeStart> {
    return { status: 'confirm', url: `/checkout/${await this.checkouts.create(userId, 'plan_change', change.to.id, change.from.id)}` };
  }

  /** Nothing is scheduled anywhere but in our own subscription row. */
  async scheduleDowngrade(): Promise<void> {}

  async keepCurrentPlan(): Promise<void> {}

  async checkoutForTopup(userId: string, pack: TopupPack): Promise<string> {
    return `/checkout/${await this.checkouts.create(userId, 'topup', pack.id)}`;
  }

  async portal(): Promise<string> {
    return '/account?portal=local';
  }
}
