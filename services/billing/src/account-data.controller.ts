import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { BILLING, exportHistoryRequest } from '@printloom/contracts';
import { ZodPipe } from '@printloom/service-kit';
import type { z } from 'zod';
import { LedgerRepository } from './repositories/ledger.repository.js';
import { SubscriptionRepository } from './repositories/subscription.repository.js';

/** The user's own billing data, for "download my data": every credit movement and the subscription. */
@Controller()
export class AccountDataController {
  constructor(
    private readonly ledger: LedgerRepository,
    private readonly subscriptions: SubscriptionRepository,
  ) {}

  @MessagePattern(BILLING.exportHistory)
  async exportHistory(@Payload(new ZodPipe(exportHistoryRequest)) request: z.infer<typeof exportHistoryRequest>) {
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
