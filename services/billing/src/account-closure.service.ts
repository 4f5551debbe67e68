import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { SubscriptionRepository } from './repositories/subscription.repository.js';
import { CheckoutRepository } from './repositories/checkout.repository.js';
import { CustomerRepository } from './repositories/customer.repository.js';
import { PurchaseEventRepository } from './repositories/purchase-event.repository.js';
import { AccountRepository } from './repositories/account.repository.js';
import { SubscriptionsService } from './subscriptions.service.js';
import { STRIPE_CLIENT } from './billing.tokens.js';

/**
 * Billing's part in a deleted account: the subscription is cancelled at once (at Stripe too, so no
 * further charge); after the retention the checkout sessions, the Stripe customer link and the email
 * billing learnt go. The ledger, lots and reservations stay: transactions are kept as the policy
 * states, keyed only by the user id. The trial decision and the keyed hash of the trial's address
 * (`trial_identities`) stay too, on purpose: one trial per person, whatever accounts they delete
 * (the /privacy page says so).
 */
@Injectable()
export class AccountClosureService {
  constructor(
    private readonly subscriptions: SubscriptionRepository,
    private readonly lifecycle: SubscriptionsService,
    private readonly checkouts: CheckoutRepository,
    private readonly customers: CustomerRepository,
    private readonly purchaseEvents: PurchaseEventRepository,
    private readonly accounts: AccountRepository,
    @Inject(STRIPE_CLIENT) private readonly stripe: Stripe | null,
  ) {}

  async cancelSubscription(userId: string): Promise<void> {
    const row = await this.subscriptions.find(userId);
    if (!row || row.status === 'canceled') return;
    if (row.stripeSubscriptionId && this.stripe) {
      await this.stripe.subscriptions.cancel(row.stripeSubscriptionId).catch((error: { code?: string }) => {
        if (error.code !== 'resource_missing') throw error; // already gone at Stripe
      });
    }
    await this.lifecycle.end(userId);
  }

  async purge(userId: string): Promise<{ checkout_sessions: number; customer_links: number; emails: number }> {
    const sessions = await this.checkouts.deleteForUser(userId);
    const customers = await this.customers.deleteForUser(userId);
    await this.purchaseEvents.deleteForUser(userId);
    const emails = await this.accounts.deleteForUser(userId);
    return { checkout_sessions: sessions, customer_links: customers, emails };
  }
}
