import { connect, type ConnectionOptions, type NatsConnection } from '@nats-io/transport-node';
import { NATS_USERS, natsInboxPrefix, type NatsLogin } from '@printloom/contracts/nats-access';
import { ConfigError, productionSecretProblem } from './config.js';

export type { NatsConnection };

/** NATS_URL may list several servers of a cluster, comma-separated (the client also learns the rest). */
export function natsServers(url: string): string[] {
  return url
    .split(',')
    .map((server) => server.trim())
    .filter(Boolean);
}

/** An app's own NATS user, or the migration step's (see packages/contracts/src/nats-access.ts for what each may say). */
export interface NatsCredentials {
  user: NatsLogin;
  password: string;
}

/**
 * NATS_USER and NATS_PASSWORD, checked at start: both or neither (the native `make dev` keeps the
 * machine's open server), and always both in production, where the NATS server admits no one else.
 */
export function natsCredentialsOf(
  config: { NODE_ENV?: string; NATS_USER?: string; NATS_PASSWORD?: string },
  /** Who may connect with this config: the apps (never the migration step's user), or just `migrate` for the migration step. */
  users: readonly NatsLogin[] = NATS_USERS,
): NatsCredentials | undefined {
  const { NATS_USER: user, NATS_PASSWORD: password } = config;
  const issues: string[] = [];
  if (user !== undefined && !(users as readonly string[]).includes(user)) issues.push(`NATS_USER: must be one of ${users.join(', ')}`);
  if (user !== undefined && password === undefined) issues.push('NATS_PASSWORD: is required when NATS_USER is set');
  if (user === undefined && password !== undefined) issues.push('NATS_USER: is required when NATS_PASSWORD is set');
  if (config.NODE_ENV === 'production') {
    if (user === undefined) issues.push('NATS_USER: is required in production (each app connects to NATS as its own user)');
    const problem = password === undefined ? undefined : productionSecretProblem(password);
    if (problem) issues.push(`NATS_PASSWORD: ${problem}`);
  }
  if (issues.length > 0) throw new ConfigError(issues);
  return user === undefined || password === undefined ? undefined : { user: user as NatsLogin, password };
}

/** Connection options for an app's credentials: its user, and replies under its own inbox prefix only it may read. */
export function natsAuthOptions(credentials: NatsCredentials | undefined): Pick<ConnectionOptions, 'user' | 'pass' | 'inboxPrefix'> {
  if (!credentials) return {};
  return { user: credentials.user, pass: credentials.password, inboxPrefix: natsInboxPrefix(credentials.user) };
}

/** One connection per process, reconnecting forever: a NATS restart must not take a service down. */
export async function connectNats(url: string, name: string, credentials?: NatsCredentials): Promise<NatsConnection> {
  return connect({
    servers: natsServers(url),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    ...natsAuthOptions(credentials),
  });
}
