// Who may say what on NATS. Each app connects as its own NATS user; its permissions are derived here
// from the subject registry, so that a pod that is not the gateway or the owning service can neither
// call a subject it does not need nor listen to one it does not serve. A service serves the subjects
// named after it (`billing.…` is billing's); who requests what is declared below, and
// nats-access.spec.ts keeps these tables true against each app's source.
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
    // bulk jobs and quality counts of a whole collection, by its batch id
    GENERATION.batchDesigns,
  ],
  notifications: [],
  // a design's words, for its owner only
  listings: [ASSETS.designBrief],
  // the plan gate, the design's Etsy listing (written first when missing) and its risk flags; its print files, made before upload
  publishing: [
    BILLING.entitlements,
    LISTINGS.write,
    ASSETS.designBrief,
    ASSETS.resolveDownload,
    ASSETS.storeExternalMockups,
    // drafts of a whole collection, by its batch id
    GENERATION.batchDesigns,
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

export interface NatsPermissions {
  publish: string[];
  subscribe: string[];
  /** May answer the requests it received (and only those), whatever their reply subject. */
  allowResponses: boolean;
  /** Its replies arrive under this prefix (the client's `inboxPrefix`): nobody else may read them. */
  inboxPrefix: string;
}

export const natsInboxPrefix = (user: NatsUser) => `_INBOX.${user}`;

/** The JetStream API subjects of one durable consumer: create/update, read, pull and acknowledge. */
function consumerSubjects(stream: string, durable: string, filter: string): string[] {
  return [
    `$JS.API.CONSUMER.CREATE.${stream}.${durable}`,
    `$JS.API.CONSUMER.CREATE.${stream}.${durable}.${filter}`,
    `$JS.API.CONSUMER.DURABLE.CREATE.${stream}.${durable}`,
    `$JS.API.CONSUMER.INFO.${stream}.${durable}`,
    `$JS.API.CONSUMER.MSG.NEXT.${stream}.${durable}`,
    `$JS.ACK.${stream}.${durable}.>`,
  ];
}

/** Create, read and widen a stream (never delete or purge it). */
const streamSubjects = (stream: string) => [
  `$JS.API.STREAM.CREATE.${stream}`,
  `$JS.API.STREAM.UPDATE.${stream}`,
  `$JS.API.STREAM.INFO.${stream}`,
];

const unique = (subjects: string[]) => [...new Set(subjects)];

/** What one app may publish and subscribe to, derived from the registry and the tables above. */
export function natsPermissions(user: NatsUser): NatsPermissions {
  const publish: string[] = [...NATS_REQUESTS[user]];
  const inboxPrefix = natsInboxPrefix(user);
  const subscribe: string[] = [`${inboxPrefix}.>`];
  const served = user === 'gateway' ? [] : Object.keys(RPC_CONTRACTS).filter((subject) => ownerOfSubject(subject) === user);
  subscribe.push(...served);

  for (const [subject, listeners] of Object.entries(NATS_BROADCAST_LISTENERS)) {
    if (ownerOfSubject(subject) === user) publish.push(subject);
    if (listeners.includes(user)) subscribe.push(subject);
  }

  const sentEvents = Object.values(EVENTS).filter((subject) => ownerOfSubject(subject) === user);
  const consumers = NATS_EVENT_CONSUMERS[user];
  if (sentEvents.length > 0 || consumers.length > 0) {
    // `jetstreamManager()` checks the account, and publishers and consumers alike ensure the stream
    publish.push('$JS.API.INFO', ...streamSubjects(EVENTS_STREAM), ...sentEvents);
    for (const { durable, subject } of consumers) publish.push(...consumerSubjects(EVENTS_STREAM, durable, subject));
  }

  if (user === 'generation') {
    const stream = GENERATION_QUEUE.stream;
    publish.push('$JS.API.INFO', ...streamSubjects(stream), GENERATION_QUEUE.allSubjects);
    for (const tier of Object.values(PRIORITY_TIERS))
      publish.push(...consumerSubjects(stream, GENERATION_QUEUE.consumerOf(tier), GENERATION_QUEUE.subjectOf(tier)));
    // new jobs wake idle workers
    subscribe.push(GENERATION_QUEUE.allSubjects);
  }

  if (user === 'publishing') {
    const stream = PUBLISHING_QUEUE.stream;
    publish.push('$JS.API.INFO', ...streamSubjects(stream), PUBLISHING_QUEUE.subject);
    publish.push(...consumerSubjects(stream, PUBLISHING_QUEUE.consumer, PUBLISHING_QUEUE.subject));
    // the queue's state (how many wait) for the publish line and the metrics
    publish.push(`$JS.API.CONSUMER.INFO.${stream}.${PUBLISHING_QUEUE.consumer}`);
  }

  return { publish: unique(publish), subscribe: unique(subscribe), allowResponses: served.length > 0, inboxPrefix };
}

/** The environment variable holding an app's NATS password on the NATS server's side. */
export const natsPasswordVariable = (user: NatsUser) => `NATS_${user.toUpperCase()}_PASSWORD`;

const quote = (value: string) => JSON.stringify(value);

/**
 * The nats-server `authorization` block: one user per app, its password read from the server's
 * environment (`$NATS_AUTH_PASSWORD`, …: the server refuses to start when one is missing).
 */
export function renderNatsAuthorization(): string {
  const lines = [
    '# Generated by scripts/nats-config.mjs from packages/contracts/src/nats-access.ts: do not edit by hand.',
    '# Passwords come from the server environment (NATS_<USER>_PASSWORD, wrapped in double quotes so',
    '# that nats-server reads any value as a string).',
    'authorization {',
    '  users: [',
  ];
  for (const user of NATS_USERS) {
    const permissions = natsPermissions(user);
    lines.push(
      '    {',
      `      user: ${quote(user)}`,
      `      password: $${natsPasswordVariable(user)}`,
      '      permissions: {',
      '        publish: { allow: [',
      ...permissions.publish.map((subject) => `          ${quote(subject)}`),
      '        ] }',
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
