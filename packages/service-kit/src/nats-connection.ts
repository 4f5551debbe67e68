import { connect, type NatsConnection } from '@nats-io/transport-node';

export type { NatsConnection };

/** One connection per process, reconnecting forever: a NATS restart must not take a service down. */
export async function connectNats(url: string, name: string): Promise<NatsConnection> {
  return connect({ servers: url, name, maxReconnectAttempts: -1, reconnectTimeWait: 500 });
}
