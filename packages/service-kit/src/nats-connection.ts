import { connect, errors as natsErrors, type ConnectionOptions, type NatsConnection } from '@nats-io/transport-node';
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

/**
 * Whether a connection is up, and who to tell when it drops or the cluster loses a node: one status
 * reader per connection, shared by everything that sends on it.
 */
class ConnectionWatch {
  private up = true;
  private readonly dropListeners = new Set<() => void>();
  private readonly upWaiters = new Set<() => void>();

  constructor(nc: NatsConnection) {
    void this.follow(nc);
  }

  get connected(): boolean {
    return this.up;
  }

  onDrop(listener: () => void): () => void {
    this.dropListeners.add(listener);
    return () => this.dropListeners.delete(listener);
  }

  /** Resolves true once the connection is up, false when `waitMs` passed first. */
  untilUp(waitMs: number): Promise<boolean> {
    if (this.up) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (up: boolean) => {
        clearTimeout(timer);
        this.upWaiters.delete(onUp);
        resolve(up);
      };
      const onUp = () => done(true);
      const timer = setTimeout(() => done(false), Math.max(0, waitMs));
      this.upWaiters.add(onUp);
    });
  }

  private async follow(nc: NatsConnection): Promise<void> {
    try {
      for await (const status of nc.status()) {
        if (status.type === 'disconnect') {
          this.up = false;
          for (const listener of [...this.dropListeners]) listener();
        } else if (status.type === 'update' && (status.deleted?.length ?? 0) > 0) {
          // Another node of the cluster went away: what was routed through it (a request to a service
          // connected there, or its answer) is lost with it, though this connection stays up.
          for (const listener of [...this.dropListeners]) listener();
        } else if (status.type === 'reconnect') {
          this.up = true;
          for (const waiter of [...this.upWaiters]) waiter();
        }
      }
    } catch {
      // the connection closed: nothing more to follow
    }
  }
}

const watches = new WeakMap<NatsConnection, ConnectionWatch>();

function watchOf(nc: NatsConnection): ConnectionWatch {
  let watch = watches.get(nc);
  if (!watch) {
    watch = new ConnectionWatch(nc);
    watches.set(nc, watch);
  }
  return watch;
}

/**
 * Sends a request only while `nc` is connected, and gives it up when the connection drops, or a node of
 * the cluster goes away, before its answer came. Core NATS keeps nothing across either: the client
 * discards what it buffered while disconnected at its next dial, a reply sent to its inbox before it
 * subscribed again on another node reaches no one, and a request or reply routed through a node that
 * died is gone with it. Such a request would only wait out its whole time-out (minutes for some);
 * instead it fails at once with the client's own "connection disconnected" error (a failover, see
 * isNatsFailoverError), for the caller to try again. Waiting for the connection counts against
 * `timeoutMs`; `send` gets what is left of it.
 */
export async function sendWhileConnected<T>(nc: NatsConnection, timeoutMs: number, send: (timeoutMs: number) => Promise<T>): Promise<T> {
  const watch = watchOf(nc);
  const deadline = Date.now() + timeoutMs;
  if (!watch.connected && !(await watch.untilUp(timeoutMs))) throw new natsErrors.TimeoutError();
  const work = send(Math.max(1, deadline - Date.now()));
  return new Promise<T>((resolve, reject) => {
    const stop = watch.onDrop(() => {
      stop();
      reject(new natsErrors.RequestError('connection disconnected'));
    });
    work.then(
      (value) => {
        stop();
        resolve(value);
      },
      (error: unknown) => {
        stop();
        reject(error);
      },
    );
  });
}

/** Resolves true once `nc` is connected (at once when it is), false when `waitMs` passed first. */
export function untilConnected(nc: NatsConnection, waitMs: number): Promise<boolean> {
  return watchOf(nc).untilUp(waitMs);
}
