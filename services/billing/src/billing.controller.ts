import { Controller } from '@nestjs/common';
import { BILLING, type RpcRequest } from '@printloom/contracts';
import { RpcHandler } from '@printloom/service-kit';
import { CreditsService } from './credits.service.js';
import { SubscriptionsService } from './subscriptions.service.js';
import { CheckoutService } from './checkout.service.js';
import { StripeWebhookService } from './stripe-webhook.service.js';
import { PlanChangeService } from './plan-change.service.js';
import { PurchaseEventRepository } from './repositories/purchase-event.repository.js';

@Controller()
export class BillingController {
  constructor(
    private readonly credits: CreditsService,
    private readonly subscriptions: SubscriptionsService,
    private readonly checkouts: CheckoutService,
    private readonly stripeWebhooks: StripeWebhookService,
    private readonly purchaseEvents: PurchaseEventRepository,
    private readonly planChanges: PlanChangeService,
  ) {}

  @RpcHandler(BILLING.webhook)
  webhook(request: RpcRequest<typeof BILLING.webhook>) {
    return this.stripeWebhooks.handle(request.payload, request.signature);
  }

  @RpcHandler(BILLING.accountSummary)
  async accountSummary(request: RpcRequest<typeof BILLING.accountSummary>) {
    const { trialGranted, trialWithheld, ...summary } = await this.subscriptions.accountSummary(request.userId);
    const trialNotice = this.credits.trialNotice(trialGranted, trialWithheld);
    return { ...summary, ...(trialNotice ? { trialNotice } : {}) };
  }

  @RpcHandler(BILLING.creditHistory)
  creditHistory(request: RpcRequest<typeof BILLING.creditHistory>) {
    return this.credits.history(request.userId);
  }

  @RpcHandler(BILLING.claimPurchaseEvents)
  async claimPurchaseEvents(request: RpcRequest<typeof BILLING.claimPurchaseEvents>) {
    return { events: await this.purchaseEvents.claim(request.userId) };
  }

  @RpcHandler(BILLING.entitlements)
  entitlements(request: RpcRequest<typeof BILLING.entitlements>) {
    return this.subscriptions.entitlements(request.userId);
  }

  @RpcHandler(BILLING.reserve)
  reserve(request: RpcRequest<typeof BILLING.reserve>) {
    return this.credits.reserve(request);
  }

  @RpcHandler(BILLING.split)
  split(request: RpcRequest<typeof BILLING.split>) {
    return this.credits.split(request);
  }

  @RpcHandler(BILLING.commit)
  commit(request: RpcRequest<typeof BILLING.commit>) {
    return this.credits.commit(request.reservationId);
  }

  @RpcHandler(BILLING.release)
  release(request: RpcRequest<typeof BILLING.release>) {
    return this.credits.release(request.reservationId);
  }

  @RpcHandler(BILLING.checkout)
  checkout(request: RpcRequest<typeof BILLING.checkout>) {
    return this.checkouts.checkout(request.userId, request.planId);
  }

  @RpcHandler(BILLING.topup)
  topup(request: RpcRequest<typeof BILLING.topup>) {
    return this.checkouts.topup(request.userId, request.topupId);
  }

  @RpcHandler(BILLING.portal)
  portal(request: RpcRequest<typeof BILLING.portal>) {
    return this.checkouts.portal(request.userId);
  }

  @RpcHandler(BILLING.localCheckoutGet)
  localCheckoutGet(request: RpcRequest<typeof BILLING.localCheckoutGet>) {
    return this.checkouts.getLocal(request.userId, request.sessionId);
  }

  @RpcHandler(BILLING.localPortal)
  localPortal(request: RpcRequest<typeof BILLING.localPortal>) {
    return this.checkouts.localPortal(request.userId, request.cancelAtPeriodEnd);
  }

  @RpcHandler(BILLING.localCheckoutComplete)
  localCheckoutComplete(request: RpcRequest<typeof BILLING.localCheckoutComplete>) {
    return this.checkouts.completeLocal(request.userId, request.sessionId, request.action);
  }

  @RpcHandler(BILLING.upgradePlan)
  upgradePlan(request: RpcRequest<typeof BILLING.upgradePlan>) {
    return this.planChanges.upgrade(request.userId, request.planId);
  }

  @RpcHandler(BILLING.downgradePlan)
  downgradePlan(request: RpcRequest<typeof BILLING.downgradePlan>) {
    return this.planChanges.downgrade(request.userId, request.planId);
  }
}
