import { AppError } from '@printloom/contracts';
import type { DataSource } from 'typeorm';
import { AccountRepository } from '../repositories/account.repository.js';
import { LedgerRepository } from '../repositories/ledger.repository.js';
import { SubscriptionRepository } from '../repositories/subscription.repository.js';
import { SubscriptionsService } from '../subscriptions.service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The operator's renewal: the next period of a local subscription starts now, through the same
 * SubscriptionsService.renew the sweeper runs at period end (rollover included). `target` is a user
 * id or the email of a verified user. Returns the line to print.
 */
export async function renewCommand(dataSource: DataSource, target: string): Promise<string> {
  const userId = UUID.test(target) ? target : await new AccountRepository(dataSource).userIdByEmail(target);
  if (!userId) throw new AppError('NOT_FOUND', `No verified account with the email ${target}`);
  const subscriptions = new SubscriptionsService(new SubscriptionRepository(dataSource), new LedgerRepository(dataSource));
  const before = await subscriptions.summary(userId);
  const outcome = await subscriptions.renew(userId);
  const after = await subscriptions.summary(userId);
  return `${outcome}: user ${userId}, credits ${before.credits} → ${after.credits}, subscription ${JSON.stringify(after.subscription)}`;
}
