import { Inject, Injectable } from '@nestjs/common';
import { BROADCASTS, accountChangedBroadcast } from '@printloom/contracts';
import { NATS_CONNECTION, UserChangeBroadcast, type NatsConnection } from '@printloom/service-kit';

/** Tells every gateway that a user's credits, plan or trial changed, so their cached `me` views drop the user. */
@Injectable()
export class AccountChanges extends UserChangeBroadcast {
  constructor(@Inject(NATS_CONNECTION) nc: NatsConnection) {
    super(nc, BROADCASTS.accountChanged, accountChangedBroadcast);
  }
}
