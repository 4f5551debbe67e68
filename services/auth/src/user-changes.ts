import { BROADCASTS, userChangedBroadcast } from '@printloom/contracts';
import type { NatsConnection } from '@printloom/service-kit';

/** Gateways cache the user's `me` view (hasPassword, hasGoogleAuth): they drop it before this request answers. */
export async function announceUserChanged(nc: NatsConnection, userId: string): Promise<void> {
  nc.publish(BROADCASTS.userChanged, JSON.stringify(userChangedBroadcast.parse({ userId })));
  await nc.flush();
}
