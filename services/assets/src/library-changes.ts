import { Inject, Injectable } from '@nestjs/common';
import { BROADCASTS, libraryChangedBroadcast } from '@printloom/contracts';
import { NATS_CONNECTION, UserChangeBroadcast, type NatsConnection } from '@printloom/service-kit';

/** Tells every gateway that what a user's library list shows changed, so their cached pages drop the user. */
@Injectable()
export class LibraryChanges extends UserChangeBroadcast {
  constructor(@Inject(NATS_CONNECTION) nc: NatsConnection) {
    super(nc, BROADCASTS.libraryChanged, libraryChangedBroadcast);
  }
}
