import type Stripe from 'stripe';
import { AppError, AUTH, getUserReply, type Plan, type TopupPack } from '@printloom/contracts';
import type { RpcClient } from '@printloom/service-kit';
import type { CustomerRepository } from '../repositories/customer.repository.js';
import type { PaymentProvider } from './payment-provider.js';

/** Stripe Checkout (subscription mode for plans, payment mode for packs) and the Customer Portal. */
export class StripePayments implements PaymentProvider {
  readonly name = 'stripe' as const;

  constructor(
    private readonly stripe: Stripe,
    private readonly customers: CustomerRepository,
    private readonly rpc: RpcClient,
    private readonly publicUrl: string,
  ) {}

  async checkoutForPlan(userId: string, plan: Plan): Promise<string> {
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: await this.customerFor(userId),
      client_reference_id: userId,
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: plan.priceCents, recurring: { interval: 'month' }, product_data: { name: `Printloom ${plan.name}` } } }],
      metadata: { userId, planId: plan.id },
      subscription_data: { metadata: { userId, planId: plan.id } },
      success_url: new URL('/account?checkout=success', this.publicUrl).toString(),
      cancel_url: new URL('/pricing?checkout=canceled', this.publicUrl).toString(),
    });
    return this.urlOf(session.url);
  }

  async checkoutForTopup(userId: string, pack: TopupPack): Promise<string> {
    const session = await this.stripe.checkout.sessions.create({
      mode: 'payment',
      customer: await this.customerFor(userId),
      client_reference_id: userId,
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: pack.priceCents, product_data: { name: `Printloom ${pack.name} (${pack.credits} credits)` } } }],
      metadata: { userId, topupId: pack.id },
      success_url: new URL('/account?checkout=success', this.publicUrl).toString(),
      cancel_url: new URL('/pricing?checkout=canceled', this.publicUrl).toString(),
    });
    return this.urlOf(session.url);
  }

  async portal(userId: string): Promise<string> {
    const customer = await this.customers.stripeCustomerOf(userId);
    if (!customer) throw new AppError('FORBIDDEN', 'The billing portal is available to subscribers only. Choose a plan on the pricing page.');
    const session = await this.stripe.billingPortal.sessions.create({ customer, return_url: new URL('/account', this.publicUrl).toString() });
    return session.url;
  }

  private async customerFor(userId: string): Promise<string> {
    const existing = await this.customers.stripeCustomerOf(userId);
    if (existing) return existing;
    const user = await this.rpc.request(AUTH.getUser, { userId }, getUserReply);
    const customer = await this.stripe.customers.create({ email: user.email, metadata: { userId } }, { idempotencyKey: `customer:${userId}` });
    await this.customers.save(userId, customer.id);
    return (await this.customers.stripeCustomerOf(userId)) ?? customer.id;
  }

  private urlOf(url: string | null): string {
    if (!url) throw new AppError('UPSTREAM_FAILED', 'The payment provider did not return a checkout page. Please try again.');
    return url;
  }
}
