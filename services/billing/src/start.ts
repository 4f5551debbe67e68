import { EVENTS } from '@printloom/contracts';
import { consumeEvents, startService, type RunningService } from '@printloom/service-kit';
import type { BillingConfig } from './config.js';
import { BillingModule } from './billing.module.js';
import { billingDatabase } from './database/database-options.js';
import { CreditsService } from './credits.service.js';
import { SubscriptionsService } from './subscriptions.service.js';
import { AccountClosureService } from './account-closure.service.js';

export function startBillingService(config: BillingConfig): Promise<RunningService> {
  return startService({
    name: 'billing',
    env: config,
    database: billingDatabase,
    module: () => BillingModule.forRoot(config),
    afterStart: async (app, infra) => {
      const credits = app.get(CreditsService);
      const subscriptions = app.get(SubscriptionsService);
      const trialGrants = await consumeEvents(infra.nc, {
        durable: 'billing-trial-grant',
        subject: EVENTS.userVerified,
        logger: infra.logger,
        handler: async (event) => {
          if (await credits.grantTrial(event.userId, event.email, event.ip))
            infra.logger.info({ userId: event.userId }, 'trial credits granted');
        },
      });
      // Local subscriptions renew themselves at period end; Stripe's renew through invoice.paid.
      const sweeper = infra.startSweeper({
        name: 'billing',
        intervalMs: config.BILLING_SWEEP_INTERVAL_MS,
        run: async () => {
          await Promise.all([credits.sweep(), subscriptions.renewDueLocalSubscriptions()]);
        },
      });
      const closure = app.get(AccountClosureService);
      const stopDeletions = await infra.handleAccountDeletions({
        onDeleted: (account) => closure.cancelSubscription(account.userId),
        purge: (account) => closure.purge(account.userId),
      });
      return async () => {
        await stopDeletions();
        await sweeper.stop();
        await trialGrants.stop();
      };
    },
  });
}
