import { Module, type DynamicModule } from '@nestjs/common';
import type { BillingConfig } from './config.js';
import { BILLING_CONFIG, PAYMENT_PROVIDER } from './billing.tokens.js';
import { BillingController } from './billing.controller.js';
import { CreditsService } from './credits.service.js';
import { SubscriptionsService } from './subscriptions.service.js';
import { CheckoutService } from './checkout.service.js';
import { LedgerRepository } from './repositories/ledger.repository.js';
import { SubscriptionRepository } from './repositories/subscription.repository.js';
import { CheckoutRepository } from './repositories/checkout.repository.js';
import { LocalPayments } from './payments/local-payments.js';

@Module({})
export class BillingModule {
  static forRoot(config: BillingConfig): DynamicModule {
    return {
      module: BillingModule,
      controllers: [BillingController],
      providers: [
        { provide: BILLING_CONFIG, useValue: config },
        { provide: PAYMENT_PROVIDER, useFactory: (checkouts: CheckoutRepository) => new LocalPayments(checkouts), inject: [CheckoutRepository] },
        CreditsService,
        SubscriptionsService,
        CheckoutService,
        LedgerRepository,
        SubscriptionRepository,
        CheckoutRepository,
      ],
      exports: [CreditsService, SubscriptionsService],
    };
  }
}
