import type { DataSource } from 'typeorm';
import { LedgerRepository } from '../repositories/ledger.repository.js';
import { SubscriptionRepository } from '../repositories/subscription.repository.js';
import { PurchaseEventRepository } from '../repositories/purchase-event.repository.js';
import { SubscriptionsService } from '../subscriptions.service.js';
import { resolveUser } from './resolve-user.js';

export const subscriptionsOn = (dataSource: DataSource) =>
  new SubscriptionsService(
    new SubscriptionRepository(dataSource),
    new LedgerRepository(dataSource),
    new PurchaseEventRepository(dataSource),
  );

/**
 * The operator's renewal: the next period of a local subscription starts now, through the same
 * SubscriptionsService.renew the sweeper runs at period end (rollover included). Returns the line to print.
 */
export async function renewCommand(dataSource: DataSource, target: string): Promise<string> {
  const userId = await resolveUser(dataSource, target);
  const subscriptions = subscriptionsOn(dataSource);
  const before = await subscriptions.summary(userId);
  const outcome = await subscriptions.renew(userId);
  const after = await subscriptions.summary(userId);
  return `${outcome}: user ${userId}, credits ${before.credits} → ${after.credits}, subscription ${JSON.stringify(after.subscription)}`;
}

/**
 * The local stand-in for the billing portal's cancel button: cancel at the period end (or undo it),
 * the same SubscriptionsService path Stripe's customer.subscription.updated drives.
 */
export async function cancelCommand(dataSource: DataSource, target: string, cancel: boolean): Promise<string> {
  const userId = await resolveUser(dataSource, target);
  const subscriptions = subscriptionsOn(dataSource);
  await subscriptions.setCancelAtPeriodEnd(userId, cancel);
  return `${cancel ? 'cancels at period end' : 'renews'}: user ${userId}, subscription ${JSON.stringify((await subscriptions.summary(userId)).subscription)}`;
}
