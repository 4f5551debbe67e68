// Who may say what on NATS. Each app connects as its own NATS user; its permissions are derived here
// from the subject registry, so that a pod that is not the gateway or the owning service can neither
// call a subject it does not need nor listen to one it does not serve. A service serves the subjects
// named after it (`billing.…` is billing's); who requests what is declared below, and
// nats-access.spec.ts keeps these tables true against each app's source. The JetStream streams and
// their durable consumers are made only by the migration step's user `migrate`; an app may re-assert
// only its own consumers, and nobody may delete or purge a stream.
import {
  ASSETS,
  AUTH,
  BILLING,
  BROADCASTS,
  EVENTS,
  EVENTS_STREAM,
  GENERATION,
  GENERATION_QUEUE,
  LISTINGS,
  NOTIFICATIONS,
  PUBLISHING,
  PUBLISHING_QUEUE,
} from './subjects.js';
import type { ServiceName } from './subjects.js';
import { ROUTES } from './routes.js';
import { RPC_CONTRACTS, type RpcSubject } from './rpc.js';
import { PRIORITY_TIERS } from './plans.js';

export type NatsUser = ServiceName | 'gateway';
export const NATS_USERS: readonly NatsUser[] = [
  'gateway',
  'auth',
  'billing',
  'generation',
  'assets',
  'notifications',
  'listings',
  'publishing',
];

type EventSubject = (typeof EVENTS)[keyof typeof EVENTS];
type BroadcastSubject = (typeof BROADCASTS)[keyof typeof BROADCASTS];

/** The app that serves (or, for events and broadcasts, sends) a subject: its first token. */
export function ownerOfSubject(subject: string): ServiceName {
  return subject.split('.')[0] as ServiceName;
}

const routeSubjects = ROUTES.flatMap((route) => (route.kind !== 'view' && route.subject ? [route.subject as RpcSubject] : []));

/** The subjects each app requests (beyond its own). The gateway requests every subject of the route table too. */
export const NATS_REQUESTS: Record<NatsUser, readonly RpcSubject[]> = {
  gateway: [
    ...routeSubjects,
    AUTH.sessionResolve,
    AUTH.getUser,
    BILLING.accountSummary,
    BILLING.exportHistory,
    GENERATION.exportJobs,
    ASSETS.exportPage,
    ASSETS.resolveDownload,
    ASSETS.resolveZip,
    ASSETS.resolveKit,
    ASSETS.kitDesign,
    ASSETS.resolveKitJob,
    LISTINGS.exportData,
    PUBLISHING.exportData,
    // signed print-file links: which design and garment, then the file
    PUBLISHING.resolvePrintLink,
    // describing an image is paid for through the credit saga
    BILLING.reserve,
    BILLING.commit,
    BILLING.release,
  ],
  auth: [NOTIFICATIONS.sendEmail],
  billing: [AUTH.getUser, NOTIFICATIONS.sendEmail],
  // the credit saga (service-kit's withReservation / CreditReservation) reserves, commits and releases
  generation: [
    BILLING.entitlements,
    BILLING.reserve,
    BILLING.commit,
    BILLING.release,
    // a batch's one reservation gives each row's job its own
    BILLING.split,
    ASSETS.ingest,
    ASSETS.jobsWithAssets,
    // a batch's flagged designs, to redo them
    ASSETS.flaggedDesigns,
  ],
  // listing kits carry each design's listings
  assets: [
    AUTH.getUser,
    NOTIFICATIONS.sendEmail,
    BILLING.entitlements,
    BILLING.reserve,
    BILLING.commit,
    BILLING.release,
    LISTINGS.kitListings,
    // a collection's designs made before they carried their batch, asked once per collection
    GENERATION.batchMembership,
    // the library's "has a draft" / "published" filter
    PUBLISHING.publishedDesigns,
  ],
  notifications: [],
  // a design's words, for its owner only
  listings: [ASSETS.designBrief],
  // the plan gate, the design's Etsy listing (written first when missing) and its risk flags; its print files, made before upload
  publishing: [
    BILLING.entitlements,
    LISTINGS.write,
    ASSETS.resolveDownload,
    ASSETS.storeExternalMockups,
    // the designs to draft, picked or a whole collection by its batch id, in one request
    ASSETS.resolveSelection,
  ],
};

/** Durable consumers of the events stream: each one's name and the one event it reads. */
export const NATS_EVENT_CONSUMERS: Record<NatsUser, readonly { durable: string; subject: EventSubject }[]> = {
  gateway: [],
  auth: [],
  billing: [
    { durable: 'billing-trial-grant', subject: EVENTS.userVerified },
    { durable: 'billing-account-deletion', subject: EVENTS.accountDeleted },
  ],
  generation: [{ durable: 'generation-account-deletion', subject: EVENTS.accountDeleted }],
  assets: [{ durable: 'assets-account-deletion', subject: EVENTS.accountDeleted }],
  notifications: [{ durable: 'notifications-account-deletion', subject: EVENTS.accountDeleted }],
  listings: [{ durable: 'listings-account-deletion', subject: EVENTS.accountDeleted }],
  publishing: [{ durable: 'publishing-account-deletion', subject: EVENTS.accountDeleted }],
};

/** Who hears each broadcast (its sender is the service it is named after). */
export const NATS_BROADCAST_LISTENERS: Record<BroadcastSubject, readonly NatsUser[]> = {
  [BROADCASTS.sessionsRevoked]: ['gateway'],
  [BROADCASTS.userChanged]: ['gateway'],
  [BROADCASTS.accountChanged]: ['gateway'],
  [BROADCASTS.libraryChanged]: ['gateway'],
  [BROADCASTS.sessionConfirmed]: ['gateway'],
};

/**
 * The JetStream streams and what each holds. Only the migration step's user (`migrate`) creates and
 * updates them (service-kit's nats-streams.ts adds retention and windows): nats-server does not check a
 * stream's subjects against the updater's publish rights, so an app that could update a stream could
 * add any subject to it (a login's password) and read it.
 */
export const NATS_STREAM_SUBJECTS: Readonly<Record<string, readonly string[]>> = {
  [EVENTS_STREAM]: Object.values(EVENTS),
  [GENERATION_QUEUE.stream]: [GENERATION_QUEUE.allSubjects],
  [PUBLISHING_QUEUE.stream]: [PUBLISHING_QUEUE.subject],
};

/** A durable pull consumer: its stream, name, the one subject it reads and the app that reads it. */
export interface NatsDurableConsumer {
  stream: string;
  durable: string;
  filter: string;
  app: NatsUser;
}

/** Every durable consumer of every stream (the migration step creates them; each app may re-assert only its own). */
export const NATS_DURABLE_CONSUMERS: readonly NatsDurableConsumer[] = [
  ...NATS_USERS.flatMap((app) =>
    NATS_EVENT_CONSUMERS[app].map(({ durable, subject }) => ({ stream: EVENTS_STREAM, durable, filter: subject, app })),
  ),
  ...Object.values(PRIORITY_TIERS).map((tier) => ({
    stream: GENERATION_QUEUE.stream,
    durable: GENERATION_QUEUE.consumerOf(tier),
    filter: GENERATION_QUEUE.subjectOf(tier),
    app: 'generation' as const,
  })),
  { stream: PUBLISHING_QUEUE.stream, durable: PUBLISHING_QUEUE.consumer, filter: PUBLISHING_QUEUE.subject, app: 'publishing' },
];

/** The NATS user of the one-shot migration step, the only one that creates and updates streams. */
export const NATS_MIGRATE_USER = 'migrate';
/** Every login the NATS server knows: the apps and the migration step. */
export type NatsLogin = NatsUser | typeof NATS_MIGRATE_USER;
export const NATS_LOGINS: readonly NatsLogin[] = [...NATS_USERS, NATS_MIGRATE_USER];

const sentEventsOf = (user: NatsUser) => Object.values(EVENTS).filter((subject) => ownerOfSubject(subject) === user);

/** The streams an app publishes to or reads from: it waits for each at start (it never creates one). */
export function natsStreamsOf(user: NatsUser): string[] {
  const streams = NATS_DURABLE_CONSUMERS.filter((consumer) => consumer.app === user).map((consumer) => consumer.stream);
  if (sentEventsOf(user).length > 0) streams.push(EVENTS_STREAM);
  return [...new Set(streams)];
}

export interface NatsPermissions {
  publish: string[];
  /** Refused even where an allow would match: nobody, not even the migration step, deletes or purges a stream. */
  publishDeny: string[];
  subscribe: string[];
  /** May answer the requests it received (and only those), whatever their reply subject. */
  allowResponses: boolean;
  /** Its replies arrive under this prefix (the client's `inboxPrefix`): nobody else may read them. */
  inboxPrefix: string;
}

export const natsInboxPrefix = (user: NatsLogin) => `_INBOX.${user}`;

/**
 * Creating (or, with the same form, updating) one durable consumer. Only the filtered form: nats-server
 * (2.9 and later; nats.js v3 sends this form for a durable with one filter) refuses a request whose
 * body names another filter or another durable, so the subject alone fixes what the consumer reads.
 * The unfiltered `CONSUMER.CREATE.<stream>.<durable>` and `CONSUMER.DURABLE.CREATE` take any filter
 * from the body: nobody gets them.
 */
const consumerCreateSubject = ({ stream, durable, filter }: NatsDurableConsumer) =>
  `$JS.API.CONSUMER.CREATE.${stream}.${durable}.${filter}`;

/** An app's own durable consumer: re-assert its settings (its own filter only), read, pull and acknowledge. */
function consumerSubjects(consumer: NatsDurableConsumer): string[] {
  const { stream, durable } = consumer;
  return [
    consumerCreateSubject(consumer),
    `$JS.API.CONSUMER.INFO.${stream}.${durable}`,
    `$JS.API.CONSUMER.MSG.NEXT.${stream}.${durable}`,
    `$JS.ACK.${stream}.${durable}.>`,
  ];
}

const NOBODY = ['$JS.API.STREAM.DELETE.>', '$JS.API.STREAM.PURGE.>'];

const unique = (subjects: string[]) => [...new Set(subjects)];

/** What the migration step may do: create and update the streams and their durable consumers, nothing else. */
function migratePermissions(): NatsPermissions {
  const inboxPrefix = natsInboxPrefix(NATS_MIGRATE_USER);
  const publish = ['$JS.API.INFO'];
  for (const stream of Object.keys(NATS_STREAM_SUBJECTS))
    publish.push(`$JS.API.STREAM.CREATE.${stream}`, `$JS.API.STREAM.UPDATE.${stream}`, `$JS.API.STREAM.INFO.${stream}`);
  for (const consumer of NATS_DURABLE_CONSUMERS)
    publish.push(consumerCreateSubject(consumer), `$JS.API.CONSUMER.INFO.${consumer.stream}.${consumer.durable}`);
  return { publish, publishDeny: NOBODY, subscribe: [`${inboxPrefix}.>`], allowResponses: false, inboxPrefix };
}

/** What one app (or the migration step) may publish and subscribe to, derived from the registry and the tables above. */
export function natsPermissions(user: NatsLogin): NatsPermissions {
  if (user === NATS_MIGRATE_USER) return migratePermissions();
  const publish: string[] = [...NATS_REQUESTS[user]];
  const inboxPrefix = natsInboxPrefix(user);
  const subscribe: string[] = [`${inboxPrefix}.>`];
  const served = user === 'gateway' ? [] : Object.keys(RPC_CONTRACTS).filter((subject) => ownerOfSubject(subject) === user);
  subscribe.push(...served);

  for (const [subject, listeners] of Object.entries(NATS_BROADCAST_LISTENERS)) {
    if (ownerOfSubject(subject) === user) publish.push(subject);
    if (listeners.includes(user)) subscribe.push(subject);
  }

  const streams = natsStreamsOf(user);
  // `jetstreamManager()` reads the account; an app waits for its streams (STREAM.INFO), never makes one
  if (streams.length > 0) publish.push('$JS.API.INFO', ...streams.map((stream) => `$JS.API.STREAM.INFO.${stream}`));
  publish.push(...sentEventsOf(user));
  for (const consumer of NATS_DURABLE_CONSUMERS.filter((candidate) => candidate.app === user)) publish.push(...consumerSubjects(consumer));

  if (user === 'generation') {
    publish.push(GENERATION_QUEUE.allSubjects);
    // new jobs wake idle workers
    subscribe.push(GENERATION_QUEUE.allSubjects);
  }
  if (user === 'publishing') publish.push(PUBLISHING_QUEUE.subject);

  return { publish: unique(publish), publishDeny: NOBODY, subscribe: unique(subscribe), allowResponses: served.length > 0, inboxPrefix };
}

/** The environment variable holding an app's NATS password on the NATS server's side. */
export const natsPasswordVariable = (user: NatsLogin) => `NATS_${user.toUpperCase()}_PASSWORD`;

const quote = (value: string) => JSON.stringify(value);

/**
 * The nats-server `authorization` block: one user per app and one for the migration step, its password
 * read from the server's environment (`$NATS_AUTH_PASSWORD`, …: the server refuses to start when one is
 * missing).
 */
export function renderNatsAuthorization(): string {
  const lines = [
    '# Generated by scripts/nats-config.mjs from packages/contracts/src/nats-access.ts: do not edit by hand.',
    '# Passwords come from the server environment (NATS_<USER>_PASSWORD, wrapped in double quotes so',
    '# that nats-server reads any value as a string).',
    'authorization {',
    '  users: [',
  ];
  for (const user of NATS_LOGINS) {
    const permissions = natsPermissions(user);
    lines.push(
      '    {',
      `      user: ${quote(user)}`,
      `      password: $${natsPasswordVariable(user)}`,
      '      permissions: {',
      '        publish: {',
      '          allow: [',
      ...permissions.publish.map((subject) => `            ${quote(subject)}`),
      '          ]',
      '          deny: [',
      ...permissions.publishDeny.map((subject) => `            ${quote(subject)}`),
      '          ]',
      '        }',
      '        subscribe: { allow: [',
      ...permissions.subscribe.map((subject) => `          ${quote(subject)}`),
      '        ] }',
      ...(permissions.allowResponses ? ['        allow_responses: true'] : []),
      '      }',
      '    }',
    );
  }
  lines.push('  ]', '}', '');
  return lines.join('\n');
}
