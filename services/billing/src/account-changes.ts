import { Inject, Injectable } from '@nestjs/common';
import { BROADCASTS, accountChangedBroadcast } from '@printloom/contracts';
import { NATS_CONNECTION, type NatsConnection } from '@printloom/service-kit';

/**
 * Tells every gateway that a user's credits, plan or trial changed, so their cached `me` views drop the
 * user. Sent after the change committed and flushed to the NATS server before the changing request
 * answers: the next `me` after an action never shows the balance from before it.
 */
@Injectable()
export class AccountChanges {
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  async announce(userIds: Iterable<string>): Promise<void> {
    let sent = false;
    for (const userId of userIds) {
      this.nc.publish(BROADCASTS.accountChanged, JSON.stringify(accountChangedBroadcast.parse({ userId })));
      sent = true;
    }
    if (sent) await this.nc.flush();
  }
}
