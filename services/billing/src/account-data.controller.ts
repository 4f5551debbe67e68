import { Controller } from '@nestjs/common';
import { BILLING, type RpcRequest } from '@printloom/contracts';
import { RpcHandler } from '@printloom/service-kit';
import { LedgerRepository } from './repositories/ledger.repository.js';
import { SubscriptionRepository } from './repositories/subscription.repository.js';

/** The user's own billing data, for "download my data": every credit movement and the subscription. */
@Controller()
export class AccountDataController {
  constructor(
    private readonly ledger: LedgerRepository,
    private readonly subscriptions: SubscriptionRepository,
  ) {}

  @RpcHandler(BILLING.exportHistory)
  async exportHistory(request: RpcRequest<typeof BILLING.exportHistory>) {
    const entries = await this.ledger.entriesOf(request.userId);
    const subscription = await this.subscriptions.find(request.userId);
    return {
      entries: entries.map((entry) => ({
        at: entry.at.toISOString(),
        delta: entry.delta,
        reason: entry.reason ? `${entry.kind}: ${entry.reason}` : entry.kind,
        ref: entry.ref,
      })),
      subscription: subscription
        ? { planId: subscription.planId, status: subscription.status, currentPeriodEnd: subscription.currentPeriodEnd.toISOString() }
        : null,
    };
  }
}
