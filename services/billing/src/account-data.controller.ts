import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { BILLING, exportHistoryRequest } from '@printloom/contracts';
import { ZodPipe } from '@printloom/service-kit';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { SubscriptionRepository } from './repositories/subscription.repository.js';

/** The user's own billing data, for "download my data": every credit movement and the subscription. */
@Controller()
export class AccountDataController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly subscriptions: SubscriptionRepository,
  ) {}

  @MessagePattern(BILLING.exportHistory)
  async exportHistory(@Payload(new ZodPipe(exportHistoryRequest)) request: z.infer<typeof exportHistoryRequest>) {
    const entries: Array<{ created_at: Date; delta: number; kind: string; reason: string | null; ref: string | null }> = await this.dataSource.query(
      `SELECT e.created_at, e.delta, e.kind, r.reason, r.ref FROM billing.ledger_entries e LEFT JOIN billing.reservations r ON r.id = e.reservation_id
       WHERE e.user_id = $1 ORDER BY e.created_at, e.id`,
      [request.userId],
    );
    const subscription = await this.subscriptions.find(request.userId);
    return {
      entries: entries.map((entry) => ({ at: new Date(entry.created_at).toISOString(), delta: entry.delta, reason: entry.reason ? `${entry.kind}: ${entry.reason}` : entry.kind, ref: entry.ref })),
      subscription: subscription
        ? { planId: subscription.plan_id, status: subscription.status, currentPeriodEnd: subscription.current_period_end ? new Date(subscription.current_period_end).toISOString() : null }
        : null,
    };
  }
}
