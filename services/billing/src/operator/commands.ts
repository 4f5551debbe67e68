import type { DataSource } from 'typeorm';
import type { AccountChanges } from '../account-changes.js';
import { LedgerRepository } from '../repositories/ledger.repository.js';
import { SubscriptionRepository } from '../repositories/subscription.repository.js';
import { PurchaseEventRepository } from '../repositories/purchase-event.repository.js';
import { PaymentSafetyRepository } from '../repositories/payment-safety.repository.js';
import { SubscriptionsService } from '../subscriptions.service.js';
import { resolveUser } from './resolve-user.js';

/** What an operator command works on: the billing database, and NATS to tell gateways what changed when it is reachable. */
export interface OperatorContext {
  dataSource: DataSource;
  /** Absent when NATS is unreachable: gateways then show the change once their cached views end (SESSION_CACHE_TTL_MS). */
  changes?: AccountChanges;
}

export const subscriptionsOn = ({ dataSource, changes }: OperatorContext) =>
  new SubscriptionsService(
    new SubscriptionRepository(dataSource),
    new LedgerRepository(dataSource, changes),
    new PurchaseEventRepository(dataSource),
  );

/**
 * The operator's renewal: the next period of a local subscription starts now, through the same
 * SubscriptionsService.renew the sweeper runs at period end (rollover included). Returns the line to print.
 */
export async function renewCommand(on: OperatorContext, target: string): Promise<string> {
  const userId = await resolveUser(on.dataSource, target);
  const subscriptions = subscriptionsOn(on);
  const before = await subscriptions.summary(userId);
  const outcome = await subscriptions.renew(userId);
  const after = await subscriptions.summary(userId);
  return `${outcome}: user ${userId}, credits ${before.credits} → ${after.credits}, subscription ${JSON.stringify(after.subscription)}`;
}

/**
 * The local stand-in for the billing portal's cancel button: cancel at the period end (or undo it),
 * the same SubscriptionsService path Stripe's customer.subscription.updated drives.
 */
export async function cancelCommand(on: OperatorContext, target: string, cancel: boolean): Promise<string> {
  const userId = await resolveUser(on.dataSource, target);
  const subscriptions = subscriptionsOn(on);
  await subscriptions.setCancelAtPeriodEnd(userId, cancel);
  return `${cancel ? 'cancels at period end' : 'renews'}: user ${userId}, subscription ${JSON.stringify((await subscriptions.summary(userId)).subscription)}`;
}

/**
 * Releases the hold a refund or a dispute put on an account (after a person reviewed it): it may
 * reserve credits and have its batch rows fed again. The flags stay, released, for the record; a
 * later reversal holds the account again.
 */
export async function releaseHoldCommand(on: OperatorContext, target: string): Promise<string> {
  const userId = await resolveUser(on.dataSource, target);
  const ledger = new LedgerRepository(on.dataSource, on.changes);
  const safety = new PaymentSafetyRepository(on.dataSource);
  const released = await ledger.transaction(async (tx) => {
    await ledger.lockUser(tx, userId);
    return safety.releaseHold(tx, userId);
  });
  return released > 0 ? `hold released: user ${userId}, ${released} flag(s) released` : `not on hold: user ${userId}`;
}
