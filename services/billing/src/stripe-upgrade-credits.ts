import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { planIdOfStripeLookupKey, planPricePerCreditCents, findPlan, type Plan } from '@printloom/contracts';
import { LOGGER, type Logger } from '@printloom/service-kit';
import { PlanChangeService } from './plan-change.service.js';
import { LedgerRepository } from './repositories/ledger.repository.js';
import { CustomerRepository } from './repositories/customer.repository.js';
import { SubscriptionRepository } from './repositories/subscription.repository.js';
import { STRIPE_CLIENT } from './billing.tokens.js';

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : value?.id);
type LineWithPrice = Stripe.InvoiceLineItem & { price?: { id: string } | null };

/**
 * The credits of a paid upgrade, from its `subscription_update` invoice as Stripe has it now (fetched
 * again: paid, how much, for which price): floor(amount paid, tax excluded, ÷ the target plan's price
 * per credit), once per invoice. A subscription change alone never grants anything.
 */
@Injectable()
export class StripeUpgradeCredits {
  constructor(
    @Inject(STRIPE_CLIENT) private readonly stripe: Stripe | null,
    private readonly planChanges: PlanChangeService,
    private readonly subscriptionRows: SubscriptionRepository,
    private readonly customers: CustomerRepository,
    private readonly ledger: LedgerRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async creditPaidUpgrade(invoiceId: string): Promise<void> {
    const invoice = await this.stripe!.invoices.retrieve(invoiceId);
    if (invoice.status !== 'paid' || invoice.billing_reason !== 'subscription_update')
      return this.logger.info({ invoiceId, status: invoice.status }, 'Not a paid plan-change invoice: no upgrade credits');
    const customerId = idOf(invoice.customer as string | { id: string } | null);
    const userId = customerId ? await this.customers.userOfStripeCustomer(customerId) : null;
    if (!userId) return this.logger.error({ invoiceId, customerId }, 'A paid plan-change invoice of an unknown customer');
    // What the customer paid for the plan: tax is not plan money.
    const amountCents = Math.min(invoice.amount_paid, invoice.total_excluding_tax ?? invoice.amount_paid);
    const charged = invoice.lines.data.filter((line) => line.amount > 0);
    const plans = await Promise.all(charged.map((line) => this.planOfLine(line)));
    // The plan the money went to; should a line name none, or two plans, the dearest credit grants the fewest.
    const target = plans.reduce<Plan | undefined>(
      (dearest, plan) => (plan && (!dearest || planPricePerCreditCents(plan) > planPricePerCreditCents(dearest)) ? plan : dearest),
      undefined,
    );
    if (!target) return this.logger.error({ invoiceId }, 'A paid plan-change invoice without a Printloom plan price: review it by hand');
    const periodEnd = Math.max(0, ...charged.map((line) => line.period?.end ?? 0));
    const expiresAt = periodEnd > 0 ? new Date(periodEnd * 1000) : (await this.subscriptionRows.find(userId))?.currentPeriodEnd;
    if (!expiresAt) return this.logger.error({ invoiceId, userId }, 'A paid plan-change invoice without a period');
    const credits = await this.ledger.transaction((tx) =>
      this.planChanges.grantUpgradeCredits(tx, { userId, toPlanId: target.id, paymentRef: invoice.id, amountCents, expiresAt }),
    );
    this.logger.info({ invoiceId, userId, plan: target.id, amountCents, credits }, 'Upgrade credits for a paid plan-change invoice');
  }

  private async planOfLine(line: LineWithPrice): Promise<Plan | undefined> {
    const priceId = line.pricing?.price_details?.price ?? line.price?.id;
    if (!priceId) return undefined;
    const price = await this.stripe!.prices.retrieve(typeof priceId === 'string' ? priceId : priceId.id);
    return findPlan(planIdOfStripeLookupKey(price.lookup_key) ?? '');
  }
}
