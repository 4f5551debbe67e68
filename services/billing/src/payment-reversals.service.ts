import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { LOGGER, type Logger } from '@printloom/service-kit';
import { LedgerRepository } from './repositories/ledger.repository.js';
import { CustomerRepository } from './repositories/customer.repository.js';
import { SubscriptionRepository } from './repositories/subscription.repository.js';
import { PaymentSafetyRepository } from './repositories/payment-safety.repository.js';
import { packLotRef, periodLotRef, upgradeLotRef } from './domain/lot-refs.js';
import { STRIPE_CLIENT } from './billing.tokens.js';

type Reason = 'refund' | 'dispute';
/** What one charge paid for: the buyer and the refs of the lots it bought (an invoice also names its own id). */
interface Purchase {
  userId: string;
  refs: string[];
  invoiceId: string | null;
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : value?.id);

/**
 * Money that went back (a refund, a dispute) takes back the unspent credits it bought. Events carry the
 * charge as an id (a dispute) or in the webhook endpoint's API version (a refund), so the charge is
 * fetched again at the version the SDK pins: there a charge no longer names its invoice, so the invoice
 * is found through its payments (by payment intent), and a pack through its Checkout session. Every
 * lot the payment bought (the period's plan lot, upgrade lots of that invoice, a pack) loses its
 * unspent credits up to the share of the charge returned, never below zero, those held by reservations
 * (a batch's) included, and the account is flagged for a person to review: on hold (no reservation,
 * no split, no batch row fed) until an operator releases it. Idempotent per charge: what a lot already gave back is counted, so a
 * replay, a second event for the same charge, or a dispute after a refund takes nothing more.
 */
@Injectable()
export class PaymentReversalsService {
  constructor(
    @Inject(STRIPE_CLIENT) private readonly stripe: Stripe | null,
    private readonly ledger: LedgerRepository,
    private readonly customers: CustomerRepository,
    private readonly subscriptions: SubscriptionRepository,
    private readonly safety: PaymentSafetyRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * A refund, full or partial: the charge's refunded share (Stripe's `amount_refunded` is the running
   * total, read from the charge as it is now) of each lot it bought. A second partial refund takes the
   * lots up to the new total share; spent credits stay spent.
   */
  async refunded(chargeId: string): Promise<void> {
    const charge = await this.stripe!.charges.retrieve(chargeId);
    const share = charge.amount > 0 ? Math.min(1, charge.amount_refunded / charge.amount) : 1;
    await this.takeBack(charge, share, 'refund', `refund:${charge.id}`);
  }

  /** A dispute (a chargeback, of the whole payment as banks mostly claim): every unspent credit it bought. */
  async disputed(dispute: Stripe.Dispute): Promise<void> {
    const chargeId = idOf(dispute.charge);
    if (!chargeId) return this.logger.error({ disputeId: dispute.id }, 'A dispute without a charge: review it by hand');
    const charge = await this.stripe!.charges.retrieve(chargeId);
    await this.takeBack(charge, 1, 'dispute', `dispute:${dispute.id}`);
  }

  private async takeBack(charge: Stripe.Charge, share: number, reason: Reason, flagRef: string): Promise<void> {
    const purchase = await this.purchaseOf(charge);
    if (!purchase) {
      return this.logger.error(
        { chargeId: charge.id, customerId: idOf(charge.customer), reason },
        `A ${reason} of a payment we cannot match to a buyer: review it by hand`,
      );
    }
    const revoked = await this.revokePurchase(purchase.userId, purchase.refs, share, reason, flagRef);
    this.logger.warn(
      { userId: purchase.userId, chargeId: charge.id, invoiceId: purchase.invoiceId, revoked, share },
      `Credits taken back after a ${reason}; account flagged for review`,
    );
  }

  /**
   * In one transaction: `share` of each lot named by `refs` that the user holds is taken back, and the
   * account flagged (on hold) under `flagRef`. Answers the credits taken now.
   */
  async revokePurchase(userId: string, refs: string[], share: number, reason: Reason, flagRef: string): Promise<number> {
    return this.ledger.transaction(async (tx) => {
      // Held reservations first, then the user: the order in which settling and splitting lock them.
      await this.ledger.lockHeldReservationsOf(tx, userId);
      await this.ledger.lockUser(tx, userId);
      let total = 0;
      for (const ref of await this.ledger.lotsBoughtBy(tx, userId, refs))
        total += (await this.ledger.revokeShareOfLot(tx, ref, share))?.revoked ?? 0;
      await this.safety.flag(tx, userId, reason, flagRef, total > 0);
      return total;
    });
  }

  private async purchaseOf(charge: Stripe.Charge): Promise<Purchase | null> {
    const paymentIntent = idOf(charge.payment_intent);
    if (paymentIntent) {
      const { data: payments } = await this.stripe!.invoicePayments.list({
        payment: { type: 'payment_intent', payment_intent: paymentIntent },
        limit: 1,
      });
      const invoiceId = idOf(payments[0]?.invoice);
      if (invoiceId) return this.invoicePurchase(await this.stripe!.invoices.retrieve(invoiceId));
      const { data: sessions } = await this.stripe!.checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 });
      const session = sessions[0];
      const userId = session?.client_reference_id ?? session?.metadata?.userId;
      if (session && userId) return { userId, refs: [packLotRef(session.id)], invoiceId: null };
    }
    // Neither an invoice nor a pack (a payment made outside the app): flag the customer's account, take nothing.
    const customerId = idOf(charge.customer);
    const userId = customerId ? await this.customers.userOfStripeCustomer(customerId) : null;
    return userId ? { userId, refs: [], invoiceId: null } : null;
  }

  /**
   * A subscription invoice bought the plan lot of each period its lines cover (the period starting on
   * the line's start: creation and renewal) and any upgrade lot granted for this invoice.
   */
  private async invoicePurchase(invoice: Stripe.Invoice): Promise<Purchase | null> {
    const customerId = idOf(invoice.customer);
    const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
    const userId =
      (customerId ? await this.customers.userOfStripeCustomer(customerId) : null) ??
      (subscriptionId ? (await this.subscriptions.findByStripeId(subscriptionId))?.userId : null);
    if (!userId) return null;
    const starts = new Set((invoice.lines?.data ?? []).map((line) => line.period.start));
    const periodLots = [...starts].map((start) => periodLotRef(userId, new Date(start * 1000)));
    return { userId, refs: invoice.id ? [...periodLots, upgradeLotRef(invoice.id)] : periodLots, invoiceId: invoice.id ?? null };
  }
}
