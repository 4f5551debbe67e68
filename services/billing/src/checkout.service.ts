import { Inject, Injectable } from '@nestjs/common';
import { AppError, findPlan, findTopup, type Plan } from '@printloom/contracts';
import { addOneMonth } from './domain/rollover.js';
import { proratedUpgradeCents } from './domain/plan-change.js';
import { CheckoutRepository } from './repositories/checkout.repository.js';
import { LedgerRepository } from './repositories/ledger.repository.js';
import { CreditsService } from './credits.service.js';
import { SubscriptionsService } from './subscriptions.service.js';
import { PlanChangeService } from './plan-change.service.js';
import { PAYMENT_PROVIDER } from './billing.tokens.js';
import type { PaymentProvider } from './payments/payment-provider.js';

const NOT_FOUND = 'Checkout session not found';
const ALREADY_SUBSCRIBED = 'You already have a subscription. Use Manage Billing to change or cancel it.';
const CHANGE_PLAN_INSTEAD = 'You already have a subscription: change plan on the pricing page.';
const LOCAL_CHECKOUT_OFF = 'The local checkout is turned off: payments go through Stripe.';

@Injectable()
export class CheckoutService {
  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly payments: PaymentProvider,
    private readonly checkouts: CheckoutRepository,
    private readonly ledger: LedgerRepository,
    private readonly credits: CreditsService,
    private readonly subscriptions: SubscriptionsService,
    private readonly planChanges: PlanChangeService,
  ) {}

  async checkout(userId: string, planId: string): Promise<{ url: string }> {
    const plan = findPlan(planId);
    if (!plan) throw new AppError('BAD_REQUEST', 'Unknown plan');
    if (!(await this.subscriptions.changeable(userId))) return { url: await this.payments.checkoutForPlan(userId, plan) };
    // A subscriber changes plan through the upgrade and downgrade endpoints (a failed payment says so first).
    const { from } = await this.planChanges.start(userId, plan.id);
    throw new AppError('CONFLICT', from.id === plan.id ? `You are already on the ${plan.name} plan.` : CHANGE_PLAN_INSTEAD);
  }

  async topup(userId: string, topupId: string): Promise<{ url: string }> {
    const pack = findTopup(topupId);
    if (!pack) throw new AppError('BAD_REQUEST', 'Unknown top-up pack');
    return { url: await this.payments.checkoutForTopup(userId, pack) };
  }

  async portal(userId: string): Promise<{ url: string }> {
    // A subscriber whose renewal failed (past_due, unpaid) needs the portal most: to fix the card.
    if (!(await this.subscriptions.hasOpenSubscription(userId))) {
      throw new AppError('FORBIDDEN', 'The billing portal is available to subscribers only. Choose a plan on the pricing page.');
    }
    return { url: await this.payments.portal(userId) };
  }

  /** The local billing portal's one job: cancel at the period end, or resume. Stripe has its own portal. */
  async localPortal(userId: string, cancelAtPeriodEnd: boolean) {
    if (this.payments.name !== 'local')
      throw new AppError('FORBIDDEN', 'Billing is managed in the Stripe billing portal: use Manage Billing.');
    await this.subscriptions.setCancelAtPeriodEnd(userId, cancelAtPeriodEnd);
    const { subscription } = await this.subscriptions.summary(userId);
    // Only an account deleted in between leaves none, and the reply has no "no subscription" form: the
    // caller's 500, as when its RpcClient refused such a reply before.
    if (!subscription) throw new AppError('INTERNAL', 'The subscription was gone right after it was changed');
    return { subscription };
  }

  async getLocal(userId: string, sessionId: string) {
    this.requireLocalPayments();
    const session = await this.checkouts.find(sessionId);
    if (!session || session.userId !== userId) throw new AppError('NOT_FOUND', NOT_FOUND);
    const item = session.kind === 'topup' ? findTopup(session.itemId) : findPlan(session.itemId);
    if (!item) throw new AppError('NOT_FOUND', NOT_FOUND);
    const from = session.kind === 'plan_change' ? findPlan(session.fromPlanId ?? '') : undefined;
    const name = from ? `${from.name} → ${item.name}` : item.name;
    // What Pay charges for an upgrade: the prorated difference, as of now (Pay recomputes it when paid).
    const current = from ? await this.subscriptions.changeable(userId) : null;
    const dueNowCents =
      from && current?.planId === from.id
        ? proratedUpgradeCents(from, item as Plan, { start: current.currentPeriodStart, end: current.currentPeriodEnd }, new Date())
        : undefined;
    return {
      sessionId: session.id,
      kind: session.kind,
      itemId: item.id,
      ...(from && { fromPlanId: from.id }),
      name,
      credits: item.credits,
      priceCents: item.priceCents,
      ...(dueNowCents !== undefined && { dueNowCents }),
      status: session.status,
    };
  }

  /** Pay or cancel a local checkout; paying runs the same activation/grant path as Stripe's webhook. */
  async completeLocal(userId: string, sessionId: string, action: 'pay' | 'cancel'): Promise<{ redirectUrl: string }> {
    this.requireLocalPayments();
    const session = await this.checkouts.find(sessionId);
    if (!session || session.userId !== userId) throw new AppError('NOT_FOUND', NOT_FOUND);
    if (session.status !== 'open')
      throw new AppError('CONFLICT', `This checkout is already ${session.status === 'paid' ? 'paid' : 'cancelled'}`);
    if (action === 'cancel') {
      await this.ledger.transaction((tx) => this.checkouts.complete(tx, sessionId, 'canceled'));
      return { redirectUrl: '/account?checkout=canceled' };
    }
    // Marking the session paid and granting its credits commit together, or not at all.
    await this.ledger.transaction(async (tx) => {
      await this.ledger.lockUser(tx, userId);
      if (!(await this.checkouts.complete(tx, sessionId, 'paid'))) throw new AppError('CONFLICT', 'This checkout is already paid');
      // Two plan checkouts opened side by side: only the first one paid may start a subscription.
      if (session.kind === 'subscription' && (await this.subscriptions.hasOpenSubscription(userId, tx)))
        throw new AppError('CONFLICT', ALREADY_SUBSCRIBED);
      if (session.kind === 'topup') {
        await this.credits.grantPack(userId, `topup:${session.id}`, findTopup(session.itemId)!, tx);
      } else if (session.kind === 'plan_change') {
        await this.planChanges.applyPaidUpgrade(
          { userId, toPlanId: session.itemId, ref: session.id, expectedFrom: session.fromPlanId ?? undefined },
          tx,
        );
      } else {
        const periodStart = new Date();
        await this.subscriptions.startPeriod({ userId, planId: session.itemId, periodStart, periodEnd: addOneMonth(periodStart) }, tx);
      }
    });
    return { redirectUrl: '/account?checkout=success' };
  }

  /** With Stripe configured, a local checkout (even one opened before the switch) is never paid here. */
  private requireLocalPayments() {
    if (this.payments.name !== 'local') throw new AppError('FORBIDDEN', LOCAL_CHECKOUT_OFF);
  }
}
