import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  BILLING,
  accountSummaryRequest,
  checkoutRequest,
  claimPurchaseEventsRequest,
  creditHistoryRequest,
  entitlementsRequest,
  localCheckoutCompleteRequest,
  localCheckoutGetRequest,
  localPortalRequest,
  portalRequest,
  reserveRequest,
  settleRequest,
  topupRequest,
  webhookRequest,
} from '@printloom/contracts';
import { ZodPipe } from '@printloom/service-kit';
import type { z } from 'zod';
import { CreditsService } from './credits.service.js';
import { SubscriptionsService } from './subscriptions.service.js';
import { CheckoutService } from './checkout.service.js';
import { StripeWebhookService } from './stripe-webhook.service.js';
import { PurchaseEventRepository } from './repositories/purchase-event.repository.js';

@Controller()
export class BillingController {
  constructor(
    private readonly credits: CreditsService,
    private readonly subscriptions: SubscriptionsService,
    private readonly checkouts: CheckoutService,
    private readonly stripeWebhooks: StripeWebhookService,
    private readonly purchaseEvents: PurchaseEventRepository,
  ) {}

  @MessagePattern(BILLING.webhook)
  webhook(@Payload(new ZodPipe(webhookRequest)) request: z.infer<typeof webhookRequest>) {
    return this.stripeWebhooks.handle(request.payload, request.signature);
  }

  @MessagePattern(BILLING.accountSummary)
  async accountSummary(@Payload(new ZodPipe(accountSummaryRequest)) request: z.infer<typeof accountSummaryRequest>) {
    const { trialGranted, ...summary } = await this.subscriptions.accountSummary(request.userId);
    const trialNotice = this.credits.trialNotice(trialGranted);
    return { ...summary, ...(trialNotice ? { trialNotice } : {}) };
  }

  @MessagePattern(BILLING.creditHistory)
  creditHistory(@Payload(new ZodPipe(creditHistoryRequest)) request: z.infer<typeof creditHistoryRequest>) {
    return this.credits.history(request.userId);
  }

  @MessagePattern(BILLING.claimPurchaseEvents)
  async claimPurchaseEvents(@Payload(new ZodPipe(claimPurchaseEventsRequest)) request: z.infer<typeof claimPurchaseEventsRequest>) {
    return { events: await this.purchaseEvents.claim(request.userId) };
  }

  @MessagePattern(BILLING.entitlements)
  entitlements(@Payload(new ZodPipe(entitlementsRequest)) request: z.infer<typeof entitlementsRequest>) {
    return this.subscriptions.entitlements(request.userId);
  }

  @MessagePattern(BILLING.reserve)
  reserve(@Payload(new ZodPipe(reserveRequest)) request: z.infer<typeof reserveRequest>) {
    return this.credits.reserve(request);
  }

  @MessagePattern(BILLING.commit)
  commit(@Payload(new ZodPipe(settleRequest)) request: z.infer<typeof settleRequest>) {
    return this.credits.commit(request.reservationId);
  }

  @MessagePattern(BILLING.release)
  release(@Payload(new ZodPipe(settleRequest)) request: z.infer<typeof settleRequest>) {
    return this.credits.release(request.reservationId);
  }

  @MessagePattern(BILLING.checkout)
  checkout(@Payload(new ZodPipe(checkoutRequest)) request: z.infer<typeof checkoutRequest>) {
    return this.checkouts.checkout(request.userId, request.planId);
  }

  @MessagePattern(BILLING.topup)
  topup(@Payload(new ZodPipe(topupRequest)) request: z.infer<typeof topupRequest>) {
    return this.checkouts.topup(request.userId, request.topupId);
  }

  @MessagePattern(BILLING.portal)
  portal(@Payload(new ZodPipe(portalRequest)) request: z.infer<typeof portalRequest>) {
    return this.checkouts.portal(request.userId);
  }

  @MessagePattern(BILLING.localCheckoutGet)
  localCheckoutGet(@Payload(new ZodPipe(localCheckoutGetRequest)) request: z.infer<typeof localCheckoutGetRequest>) {
    return this.checkouts.getLocal(request.userId, request.sessionId);
  }

  @MessagePattern(BILLING.localPortal)
  localPortal(@Payload(new ZodPipe(localPortalRequest)) request: z.infer<typeof localPortalRequest>) {
    return this.checkouts.localPortal(request.userId, request.cancelAtPeriodEnd);
  }

  @MessagePattern(BILLING.localCheckoutComplete)
  localCheckoutComplete(@Payload(new ZodPipe(localCheckoutCompleteRequest)) request: z.infer<typeof localCheckoutCompleteRequest>) {
    return this.checkouts.completeLocal(request.userId, request.sessionId, request.action);
  }
}
