import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { ASSETS, AUTH, BILLING, BROADCASTS, GENERATION, LISTINGS, NOTIFICATIONS, PUBLISHING } from './subjects.js';
import { RPC_CONTRACTS } from './rpc.js';
import { ROUTES } from './routes.js';
import {
  NATS_BROADCAST_LISTENERS,
  NATS_DURABLE_CONSUMERS,
  NATS_EVENT_CONSUMERS,
  NATS_LOGINS,
  NATS_REQUESTS,
  NATS_STREAM_SUBJECTS,
  NATS_USERS,
  natsPermissions,
  ownerOfSubject,
  renderNatsAuthorization,
  type NatsUser,
} from './nats-access.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const APP_DIRS: Record<NatsUser, string> = {
  gateway: 'gateway/src',
  auth: 'services/auth/src',
  billing: 'services/billing/src',
  generation: 'services/generation/src',
  assets: 'services/assets/src',
  notifications: 'services/notifications/src',
  listings: 'services/listings/src',
  publishing: 'services/publishing/src',
};
const GROUPS: Record<string, Record<string, string>> = {
  AUTH,
  BILLING,
  GENERATION,
  ASSETS,
  NOTIFICATIONS,
  LISTINGS,
  PUBLISHING,
  BROADCASTS,
};

function sourceOf(dir: string): string {
  const files: string[] = [];
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const full = path.join(at, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.ts$/.test(name) && !/\.(spec|int-spec)\.ts$/.test(name)) files.push(full);
    }
  };
  walk(path.join(root, dir));
  return files.map((file) => readFileSync(file, 'utf8')).join('\n');
}

/** What an app's own source says it sends and hears: the subject constants it names, its durable consumers. */
function usedBy(user: NatsUser) {
  const source = sourceOf(APP_DIRS[user]);
  const subjects = new Set<string>();
  for (const [, group, key] of source.matchAll(
    /\b(AUTH|BILLING|GENERATION|ASSETS|NOTIFICATIONS|LISTINGS|PUBLISHING|BROADCASTS)\.(\w+)\b/g,
  )) {
    const subject = GROUPS[group][key];
    if (subject) subjects.add(subject);
  }
  // service-kit's credit saga requests these for whoever uses it
  if (/\b(withReservation|handOverReservation|CreditReservation)\b/.test(source))
    [BILLING.reserve, BILLING.commit, BILLING.release].forEach((subject) => subjects.add(subject));
  // …and this one for whoever splits a held reservation (a batch's row taking its credit)
  if (/CreditReservation\.of\([^)]*\)\s*\.split\(/.test(source)) subjects.add(BILLING.split);
  const foreign = [...subjects].filter((subject) => ownerOfSubject(subject) !== user);
  return {
    requests: foreign.filter((subject) => Object.hasOwn(RPC_CONTRACTS, subject)).sort(),
    heard: foreign.filter((subject) => Object.hasOwn(NATS_BROADCAST_LISTENERS, subject)).sort(),
    durables: [
      ...[...source.matchAll(/durable:\s*'([\w-]+)'/g)].map((match) => match[1]),
      // service-kit's infra.handleAccountDeletions consumes account deletions as `<app>-account-deletion`
      ...(/\binfra\.handleAccountDeletions\(/.test(source) ? [`${user}-account-deletion`] : []),
    ].sort(),
    handled: [...source.matchAll(/@RpcHandler\((\w+)\.(\w+)\)/g)].map(([, group, key]) => GROUPS[group]?.[key] ?? `${group}.${key}`),
  };
}

describe('the NATS access tables', () => {
  it.each(NATS_USERS)('name exactly the subjects and consumers %s uses in its source', (user) => {
    const used = usedBy(user);
    // the gateway also requests every subject of the route table, which no gateway file names
    const routed = user === 'gateway' ? ROUTES.flatMap((route) => (route.kind !== 'view' && route.subject ? [route.subject] : [])) : [];
    expect([...new Set(NATS_REQUESTS[user])].sort()).toEqual([...new Set([...used.requests, ...routed])].sort());
    const declaredHeard = Object.entries(NATS_BROADCAST_LISTENERS)
      .filter(([, listeners]) => listeners.includes(user))
      .map(([subject]) => subject)
      .sort();
    expect(declaredHeard).toEqual(used.heard);
    expect(NATS_EVENT_CONSUMERS[user].map((consumer) => consumer.durable).sort()).toEqual(used.durables);
    // it serves only subjects named after it: those its NATS user may subscribe to
    expect(used.handled.filter((subject) => ownerOfSubject(subject) !== user)).toEqual([]);
    if (user !== 'gateway') expect(used.handled.length).toBeGreaterThan(0);
  });

  it('give every request subject a serving service named by its first token', () => {
    const services = new Set(NATS_USERS.filter((user) => user !== 'gateway'));
    for (const subject of Object.keys(RPC_CONTRACTS)) expect(services.has(ownerOfSubject(subject) as never)).toBe(true);
  });
});

describe('natsPermissions', () => {
  it('lets a service publish only what it requests and subscribe only to what it serves', () => {
    const generation = natsPermissions('generation');
    expect(generation.publish).toContain(BILLING.reserve);
    expect(generation.publish).not.toContain(AUTH.getUser);
    expect(generation.publish).not.toContain(BROADCASTS.sessionsRevoked);
    expect(generation.subscribe).toContain(GENERATION.createJob);
    expect(generation.subscribe).not.toContain(BILLING.reserve);
    expect(generation.subscribe).not.toContain('_INBOX.>');
    expect(generation.subscribe).toContain('_INBOX.generation.>');
    expect(generation.allowResponses).toBe(true);
  });

  it('gives the gateway its requests and broadcasts, and nothing to serve', () => {
    const gateway = natsPermissions('gateway');
    expect(gateway.publish).toEqual(expect.arrayContaining([AUTH.signup, AUTH.sessionResolve, ASSETS.star, BILLING.webhook]));
    expect(gateway.publish.some((subject) => subject.startsWith('$JS.'))).toBe(false);
    expect(gateway.subscribe).toEqual(expect.arrayContaining(Object.values(BROADCASTS)));
    expect(gateway.subscribe.filter((subject) => !Object.values(BROADCASTS).includes(subject as never))).toEqual(['_INBOX.gateway.>']);
    expect(gateway.allowResponses).toBe(false);
  });

  it('lets only the sender of a broadcast publish it', () => {
    for (const user of NATS_USERS) {
      const { publish } = natsPermissions(user);
      expect(publish.includes(BROADCASTS.sessionsRevoked)).toBe(user === 'auth');
      expect(publish.includes(BROADCASTS.accountChanged)).toBe(user === 'billing');
    }
  });

  it('renders one user per app and one for the migration step, each password taken from the environment', () => {
    const conf = renderNatsAuthorization();
    for (const user of NATS_LOGINS) expect(conf).toContain(`user: "${user}"\n      password: $NATS_${user.toUpperCase()}_PASSWORD`);
    expect(NATS_LOGINS).toContain('migrate');
  });

  it('leaves creating and updating streams to the migrate user, and gives an app only the filtered create of its own consumers', () => {
    for (const user of NATS_USERS) {
      const { publish } = natsPermissions(user);
      expect(publish.filter((subject) => /^\$JS\.API\.STREAM\.(CREATE|UPDATE|DELETE|PURGE)\./.test(subject))).toEqual([]);
      expect(publish.filter((subject) => subject.startsWith('$JS.API.CONSUMER.DURABLE.'))).toEqual([]);
      const creates = publish.filter((subject) => subject.startsWith('$JS.API.CONSUMER.CREATE.'));
      expect(creates.sort()).toEqual(
        NATS_DURABLE_CONSUMERS.filter((consumer) => consumer.app === user)
          .map(({ stream, durable, filter }) => `$JS.API.CONSUMER.CREATE.${stream}.${durable}.${filter}`)
          .sort(),
      );
    }
    const migrate = natsPermissions('migrate');
    for (const stream of Object.keys(NATS_STREAM_SUBJECTS))
      expect(migrate.publish).toEqual(expect.arrayContaining([`$JS.API.STREAM.CREATE.${stream}`, `$JS.API.STREAM.UPDATE.${stream}`]));
    expect(migrate.publish.some((subject) => /\.(DELETE|PURGE)\./.test(subject))).toBe(false);
    expect(migrate.subscribe).toEqual(['_INBOX.migrate.>']);
    for (const user of NATS_LOGINS)
      expect(natsPermissions(user).publishDeny).toEqual(['$JS.API.STREAM.DELETE.>', '$JS.API.STREAM.PURGE.>']);
  });

  it.each(['infra/nats/authorization.conf', 'infra/k8s/base/nats/authorization.conf'])(
    'is what %s holds (node scripts/nats-config.mjs rewrites it)',
    (file) => {
      expect(readFileSync(path.join(root, file), 'utf8')).toBe(renderNatsAuthorization());
    },
  );
});
