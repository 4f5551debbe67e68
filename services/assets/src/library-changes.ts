import { Inject, Injectable } from '@nestjs/common';
import { BROADCASTS, libraryChangedBroadcast } from '@printloom/contracts';
import { NATS_CONNECTION, type NatsConnection } from '@printloom/service-kit';

/**
 * Tells every gateway that what a user's library list shows changed, so their cached pages drop the
 * user. Sent after the change committed and flushed to the NATS server before the changing request
 * answers: the next list after an action never shows the library from before it.
 */
@Injectable()
export class LibraryChanges {
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  async announce(userIds: Iterable<string>): Promise<void> {
    let sent = false;
    for (const userId of new Set(userIds)) {
      this.nc.publish(BROADCASTS.libraryChanged, JSON.stringify(libraryChangedBroadcast.parse({ userId })));
      sent = true;
    }
    if (sent) await this.nc.flush();
  }
}
