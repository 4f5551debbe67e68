import { Module, type DynamicModule } from '@nestjs/common';
import type { BillingConfig } from './config.js';
import { LOGGER, RpcClient, type Logger } from '@printloom/service-kit';
import type Stripe from 'stripe';
import { BILLING_CONFIG, PAYMENT_PROVIDER, STRIPE_CLIENT } from './billing.tokens.js';
import { BillingController } from './billing.controller.js';
import { CreditsService } from './credits.service.js';
import { SubscriptionsService } from './subscriptions.service.js';
import { CheckoutService } from './checkout.service.js';
import { LedgerRepository } from './repositories/ledger.repository.js';
import { SubscriptionRepository } from './repositories/subscription.repository.js';
import { CheckoutRepository } from './repositories/checkout.repository.js';
import { LocalPayments } from './payments/local-payments.js';
import { StripePayments } from './payments/stripe-payments.js';
import { createStripeClient } from './payments/stripe-client.js';
import { CustomerRepository } from './repositories/customer.repository.js';
import { AccountRepository } from './repositories/account.repository.js';
import { TrialRepository } from './repositories/trial.repository.js';
import { PurchaseEventRepository } from './repositories/purchase-event.repository.js';
import { PaymentSafetyRepository } from './repositories/payment-safety.repository.js';
import { StripeWebhookService } from './stripe-webhook.service.js';
import { PaymentReversalsService } from './payment-reversals.service.js';
import { StripeUpgradeCredits } from './stripe-upgrade-credits.js';
import { PlanChangeService } from './plan-change.service.js';
import { AccountClosureService } from './account-closure.service.js';
import { AccountDataController } from './account-data.controller.js';
import { AccountChanges } from './account-changes.js';

@Module({})
export class BillingModule {
  static forRoot(config: BillingConfig): DynamicModule {
    return {
      module: BillingModule,
      controllers: [BillingController, AccountDataController],
      providers: [
        { provide: BILLING_CONFIG, useValue: config },
        { provide: STRIPE_CLIENT, useValue: config.STRIPE_SECRET_KEY ? createStripeClient(config) : null },
        {
          provide: PAYMENT_PROVIDER,
          // With a Stripe key: real Checkout and Portal; without: the local checkout.
          useFactory: (
            stripe: Stripe | null,
            checkouts: CheckoutRepository,
            customers: CustomerRepository,
            ledger: LedgerRepository,
            safety: PaymentSafetyRepository,
            rpc: RpcClient,
            logger: Logger,
          ) =>
            stripe ? new StripePayments(stripe, customers, ledger, safety, rpc, config.PUBLIC_URL, logger) : new LocalPayments(checkouts),
          inject: [STRIPE_CLIENT, CheckoutRepository, CustomerRepository, LedgerRepository, PaymentSafetyRepository, RpcClient, LOGGER],
        },
        StripeWebhookService,
        PaymentReversalsService,
        StripeUpgradeCredits,
        PlanChangeService,
        CustomerRepository,
        AccountRepository,
        TrialRepository,
        PurchaseEventRepository,
        CreditsService,
        SubscriptionsService,
        CheckoutService,
        LedgerRepository,
        SubscriptionRepository,
        CheckoutRepository,
        PaymentSafetyRepository,
        AccountClosureService,
        AccountChanges,
      ],
      exports: [CreditsService, SubscriptionsService],
    };
  }
}
