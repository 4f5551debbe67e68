import { Inject, Injectable } from '@nestjs/common';
import { BROADCASTS, sessionsRevokedBroadcast } from '@printloom/contracts';
import { NATS_CONNECTION, type NatsConnection } from '@printloom/service-kit';
import type { z } from 'zod';

/**
 * Tells every gateway instance at once that sessions ended, so their session caches drop them. Sent
 * (and flushed to the NATS server) before the ending request answers: revocation stays immediate.
 */
@Injectable()
export class SessionRevocations {
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  async announce(revoked: z.infer<typeof sessionsRevokedBroadcast>): Promise<void> {
    this.nc.publish(BROADCASTS.sessionsRevoked, JSON.stringify(sessionsRevokedBroadcast.parse(revoked)));
    await this.nc.flush();
  }
}
