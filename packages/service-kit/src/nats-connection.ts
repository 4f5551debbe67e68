import { connect, type NatsConnection } from '@nats-io/transport-node';

export type { NatsConnection };

/** NATS_URL may list several servers of a cluster, comma-separated (the client also learns the rest). */
export function natsServers(url: string): string[] {
  return url
    .split(',')
    .map((server) => server.trim())
    .filter(Boolean);
}

/** One connection per process, reconnecting forever: a NATS restart must not take a service down. */
export async function connectNats(url: string, name: string): Promise<NatsConnection> {
  return connect({ servers: natsServers(url), name, maxReconnectAttempts: -1, reconnectTimeWait: 500 });
}
