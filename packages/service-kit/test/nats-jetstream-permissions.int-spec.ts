import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { AUTH, EVENTS, EVENTS_STREAM } from '@printloom/contracts';
import {
  NATS_DURABLE_CONSUMERS,
  NATS_LOGINS,
  NATS_STREAM_SUBJECTS,
  NATS_USERS,
  type NatsLogin,
  type NatsUser,
} from '@printloom/contracts/nats-access';
import { connectNats, ensureDurablePullConsumer, prepareNatsStreams, type NatsConnection } from '../src/index.js';
import { startAuthenticatedNatsServer, type TestNats } from '../src/testing.js';

// JetStream on a real nats-server under the generated users (packages/contracts/src/nats-access.ts).
// nats-server does not check a stream's subjects against the publish rights of whoever updates it: an
// app that could update EVENTS could add `auth.session.login` (e-mail and password) to it and read it
// back, or seal it. So only the migration step's user `migrate` creates and updates streams and their
// consumers; an app re-asserts only its own consumers, through the filtered create whose subject fixes
// the filter; nobody deletes or purges a stream.

type Nats = TestNats & { credentials: Record<NatsLogin, { user: NatsLogin; password: string }> };

/** What became of one JetStream API request: refused by the server's permissions, or JetStream's answer. */
async function attempt(nats: Nats, user: NatsLogin, subject: string, body: unknown): Promise<string> {
  const nc = await connectNats(nats.url, `${user}-jetstream-permissions-test`, nats.credentials[user]);
  try {
    const refused = (async () => {
      for await (const status of nc.status()) {
        const error = 'error' in status ? String(status.error) : '';
        if (/permissions violation/i.test(error)) return `refused: ${error}`;
      }
      return 'status ended';
    })();
    const answered = nc.request(subject, JSON.stringify(body), { timeout: 3000 }).then(
      (reply) => {
        const answer = reply.json<{ error?: { description: string } }>();
        return answer.error ? `JetStream error: ${answer.error.description}` : 'done';
      },
      // nats.js fails the request itself with the server's permissions violation
      (error: Error) => (/permissions violation/i.test(error.message) ? `refused: ${error.message}` : `no answer: ${error.message}`),
    );
    return await Promise.race([refused, answered]);
  } finally {
    await nc.close();
  }
}

const refusedPublish = (subject: string) =>
  new RegExp(`^refused: .*publish to "${subject.replaceAll('.', '\\.').replaceAll('$', '\\$')}"`, 'i');

/** An app's first durable consumer, or none (the gateway and auth read no stream). */
const ownConsumerOf = (user: NatsUser) => NATS_DURABLE_CONSUMERS.find((consumer) => consumer.app === user);

describe('JetStream under the generated NATS users', () => {
  let nats: Nats;

  beforeAll(async () => {
    // the streams and consumers made by the migrate user, as the migration step does before the apps start
    nats = await startAuthenticatedNatsServer();
  });

  afterAll(async () => {
    await nats?.stop();
  });

  it.each(NATS_USERS)(
    'refuses %s a stream update (a password subject added, or the stream sealed) and a stream of its own',
    async (user) => {
      for (const [stream, subjects] of Object.entries(NATS_STREAM_SUBJECTS)) {
        const update = `$JS.API.STREAM.UPDATE.${stream}`;
        await expect(attempt(nats, user, update, { name: stream, subjects: [...subjects, AUTH.login] })).resolves.toMatch(
          refusedPublish(update),
        );
        await expect(attempt(nats, user, update, { name: stream, subjects, sealed: true })).resolves.toMatch(refusedPublish(update));
      }
      const create = '$JS.API.STREAM.CREATE.SNOOP';
      await expect(attempt(nats, user, create, { name: 'SNOOP', subjects: [AUTH.login] })).resolves.toMatch(refusedPublish(create));
    },
  );

  it.each(NATS_USERS)('refuses %s an unfiltered consumer, even under its own durable name', async (user) => {
    const own = ownConsumerOf(user);
    const stream = own?.stream ?? EVENTS_STREAM;
    const durable = own?.durable ?? `${user}-probe`;
    const config = { durable_name: durable, ack_policy: 'explicit', deliver_policy: 'all' };
    for (const subject of [
      `$JS.API.CONSUMER.CREATE.${stream}.${durable}`,
      `$JS.API.CONSUMER.DURABLE.CREATE.${stream}.${durable}`,
      `$JS.API.CONSUMER.CREATE.${stream}`,
    ])
      await expect(attempt(nats, user, subject, { stream_name: stream, config })).resolves.toMatch(refusedPublish(subject));
  });

  it.each(NATS_USERS)("refuses %s a consumer with another app's filter, in the filtered and the unfiltered form", async (user) => {
    const own = ownConsumerOf(user);
    const stream = own?.stream ?? EVENTS_STREAM;
    const durable = own?.durable ?? `${user}-probe`;
    const other = NATS_DURABLE_CONSUMERS.find(
      (consumer) => consumer.app !== user && consumer.stream === stream && consumer.filter !== own?.filter,
    )!;
    const config = { durable_name: durable, filter_subject: other.filter, ack_policy: 'explicit', deliver_policy: 'all' };
    for (const subject of [`$JS.API.CONSUMER.CREATE.${stream}.${durable}.${other.filter}`, `$JS.API.CONSUMER.CREATE.${stream}.${durable}`])
      await expect(attempt(nats, user, subject, { stream_name: stream, config })).resolves.toMatch(refusedPublish(subject));
  });

  it('lets each app re-assert its own consumers with their own filters, and reads them back unchanged by the refused attempts', async () => {
    const connections: NatsConnection[] = [];
    try {
      for (const consumer of NATS_DURABLE_CONSUMERS) {
        const nc = await connectNats(nats.url, `${consumer.app}-own-consumer`, nats.credentials[consumer.app]);
        connections.push(nc);
        await expect(
          ensureDurablePullConsumer(await jetstreamManager(nc), consumer.stream, {
            durable: consumer.durable,
            subject: consumer.filter,
            ackWaitMs: 20_000,
          }),
        ).resolves.toBeUndefined();
      }
      const migrate = await connectNats(nats.url, 'migrate-reader', nats.credentials.migrate);
      connections.push(migrate);
      const jsm = await jetstreamManager(migrate);
      for (const consumer of NATS_DURABLE_CONSUMERS)
        expect((await jsm.consumers.info(consumer.stream, consumer.durable)).config).toMatchObject({
          filter_subject: consumer.filter,
          ack_wait: 20_000 * 1e6,
        });
      for (const [stream, subjects] of Object.entries(NATS_STREAM_SUBJECTS))
        expect((await jsm.streams.info(stream)).config).toMatchObject({ subjects, sealed: false });
    } finally {
      await Promise.allSettled(connections.map((nc) => nc.close()));
    }
  });

  it.each(NATS_USERS.filter((user) => user !== 'auth'))('refuses %s a core subscription to the login subject', async (user) => {
    const nc = await connectNats(nats.url, `${user}-login-listener`, nats.credentials[user]);
    try {
      const refused = (async () => {
        for await (const status of nc.status()) {
          const error = 'error' in status ? String(status.error) : '';
          if (/permissions violation/i.test(error)) return error;
        }
        return 'status ended';
      })();
      nc.subscribe(AUTH.login);
      await expect(refused).resolves.toMatch(/subscription to "auth\.session\.login"/i);
    } finally {
      await nc.close();
    }
  });
});

describe('the migrate user', () => {
  let nats: Nats;

  beforeAll(async () => {
    nats = await startAuthenticatedNatsServer({ streams: false });
  });

  afterAll(async () => {
    await nats?.stop();
  });

  it('creates and widens the streams and their consumers; nobody, migrate included, deletes or purges a stream', async () => {
    const migrate = await connectNats(nats.url, 'migrate', nats.credentials.migrate);
    const auth = await connectNats(nats.url, 'auth', nats.credentials.auth);
    try {
      const jsm = await jetstreamManager(migrate);
      // the events stream as an earlier release made it, before the contracts added account deletions
      await jsm.streams.add({ name: EVENTS_STREAM, subjects: [EVENTS.userVerified] });

      await expect(prepareNatsStreams(migrate)).resolves.toMatchObject({ streams: Object.keys(NATS_STREAM_SUBJECTS) });
      expect((await jsm.streams.info(EVENTS_STREAM)).config.subjects).toEqual([EVENTS.userVerified, EVENTS.accountDeleted]);
      for (const [stream, subjects] of Object.entries(NATS_STREAM_SUBJECTS))
        expect((await jsm.streams.info(stream)).config.subjects).toEqual(subjects);
      for (const consumer of NATS_DURABLE_CONSUMERS)
        expect((await jsm.consumers.info(consumer.stream, consumer.durable)).config.filter_subject).toBe(consumer.filter);
      // a second run (every release runs it) changes nothing and fails on nothing
      await expect(prepareNatsStreams(migrate)).resolves.toBeDefined();

      await jetstream(auth).publish(EVENTS.userVerified, '{}', { msgID: 'kept' });
      for (const user of NATS_LOGINS) {
        for (const verb of ['DELETE', 'PURGE']) {
          const subject = `$JS.API.STREAM.${verb}.${EVENTS_STREAM}`;
          await expect(attempt(nats, user, subject, {})).resolves.toMatch(refusedPublish(subject));
        }
      }
      expect((await jsm.streams.info(EVENTS_STREAM)).state.messages).toBe(1);
    } finally {
      await Promise.allSettled([migrate.close(), auth.close()]);
    }
  });
});
