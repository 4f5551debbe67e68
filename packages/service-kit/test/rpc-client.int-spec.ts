import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AppError, BILLING } from '@printloom/contracts';
import { RpcClient, connectNats, type NatsConnection } from '../src/index.js';
import { startNatsCluster, startNatsServer, waitFor, type TestNats, type TestNatsCluster } from '../src/testing.js';

// A stand-in answering in the packet format of Nest's NATS transport, on a real nats-server.
function answer(nc: NatsConnection, subject: string, response: unknown) {
  return nc.subscribe(subject, {
    callback: (_error, msg) => {
      msg.respond(JSON.stringify({ id: msg.json<{ id: string }>().id, response, isDisposed: true }));
    },
  });
}

describe('RpcClient with the subject registry', () => {
  let nats: TestNats;
  let nc: NatsConnection;
  let rpc: RpcClient;

  beforeAll(async () => {
    nats = await startNatsServer();
    nc = await connectNats(nats.url, 'rpc-client-test');
    rpc = new RpcClient(nc, 2000);
  });

  afterAll(async () => {
    await nc.drain();
    await nats.stop();
  });

  it('checks the reply against the schema the registry pairs with the subject', async () => {
    const reserve = answer(nc, BILLING.reserve, { reservationId: '00000000-0000-4000-8000-000000000001', balance: 4, extra: 'dropped' });
    await expect(
      rpc.request(BILLING.reserve, { userId: '00000000-0000-4000-8000-000000000002', amount: 1, reason: 'generation', ref: 'job-1' }),
    ).resolves.toEqual({
      reservationId: '00000000-0000-4000-8000-000000000001',
      balance: 4,
    });
    reserve.unsubscribe();
  });

  it('refuses a reply that breaks the contract as an internal error', async () => {
    const commit = answer(nc, BILLING.commit, { balance: 'lots' });
    const error = await rpc
      .request(BILLING.commit, { reservationId: '00000000-0000-4000-8000-000000000001' })
      .catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'INTERNAL', message: expect.stringContaining(`Malformed reply on ${BILLING.commit}`) });
    commit.unsubscribe();
  });

  it('forwards a payload built at run time, checked the same way', async () => {
    const portal = answer(nc, BILLING.portal, { url: 'https://billing.example/session' });
    await expect(rpc.forward(BILLING.portal, { userId: '00000000-0000-4000-8000-000000000002' })).resolves.toEqual({
      url: 'https://billing.example/session',
    });
    portal.unsubscribe();
  });

  it("opens a subject's circuit after two time-outs, then answers 503 with the rest of the cool-down without sending, and a probe after the cool-down closes it", async () => {
    let now = 0;
    const breaking = new RpcClient(nc, 200, undefined, { circuitBreaker: { cooldownMs: 5_000 }, now: () => now });
    const request = () => breaking.request(BILLING.accountSummary, { userId: '00000000-0000-4000-8000-000000000003' });
    // A subscriber that never answers: the service is there (no "no responders") but stalled.
    let received = 0;
    const stalled = nc.subscribe(BILLING.accountSummary, {
      callback: () => {
        received += 1;
      },
    });
    await nc.flush();
    for (let i = 0; i < 2; i += 1) await expect(request()).rejects.toMatchObject({ code: 'TIMEOUT' });
    expect(breaking.circuitState(BILLING.accountSummary)).toBe('open');
    expect(breaking.circuitState(BILLING.reserve)).toBe('closed'); // one circuit per subject
    const notAnswering = 'The billing service is not answering right now. Please try again in a few seconds.';
    await expect(request()).rejects.toEqual(new AppError('UNAVAILABLE', notAnswering, { retryAfterSeconds: 5 }));
    now += 3_800;
    await expect(request()).rejects.toEqual(new AppError('UNAVAILABLE', notAnswering, { retryAfterSeconds: 2 }));
    now += 1_150;
    await expect(request()).rejects.toEqual(new AppError('UNAVAILABLE', notAnswering, { retryAfterSeconds: 1 }));
    await nc.flush();
    expect(received).toBe(2);

    stalled.unsubscribe();
    const summary = answer(nc, BILLING.accountSummary, { credits: 3, trialCredits: 0, subscription: null });
    await nc.flush();
    now += 50;
    await expect(request()).resolves.toMatchObject({ credits: 3 });
    expect(breaking.circuitState(BILLING.accountSummary)).toBe('closed');
    summary.unsubscribe();
  });

  it('does not open on no responders: a service that comes back is answered at once', async () => {
    const breaking = new RpcClient(nc, 200);
    const request = () => breaking.request(BILLING.accountSummary, { userId: '00000000-0000-4000-8000-000000000004' });
    for (let i = 0; i < 5; i += 1) await expect(request()).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    expect(breaking.circuitState(BILLING.accountSummary)).toBe('closed');
    const summary = answer(nc, BILLING.accountSummary, { credits: 1, trialCredits: 0, subscription: null });
    await nc.flush();
    await expect(request()).resolves.toMatchObject({ credits: 1 });
    summary.unsubscribe();
  });
});

describe('RpcClient when the NATS node it is connected to dies (a 3-node cluster of real nats-server processes)', () => {
  let cluster: TestNatsCluster;
  let requester: NatsConnection;
  let responder: NatsConnection;

  beforeAll(async () => {
    cluster = await startNatsCluster(3);
    // Each on its own node; the requester learns the others from the cluster and moves to one of them.
    requester = await connectNats(cluster.nodes[0].url, 'rpc-client-requester');
    responder = await connectNats(cluster.nodes[1].url, 'rpc-client-responder');
  }, 60_000);

  afterAll(async () => {
    await requester?.close();
    await responder?.close();
    await cluster?.stop();
  });

  it('fails a request in flight at once as UNAVAILABLE (its answer could not reach it), then answers on the next node', async () => {
    const summary = { credits: 2, trialCredits: 0, subscription: null };
    let hold = false;
    let held = 0;
    responder.subscribe(BILLING.accountSummary, {
      callback: (_error, msg) => {
        if (hold) held += 1;
        else msg.respond(JSON.stringify({ id: msg.json<{ id: string }>().id, response: summary, isDisposed: true }));
      },
    });
    await responder.flush();
    const rpc = new RpcClient(requester, 30_000);
    const request = () => rpc.request(BILLING.accountSummary, { userId: '00000000-0000-4000-8000-000000000005' });
    // Interest crosses the routes shortly after the subscription: until then, no responders.
    await waitFor(async () => Boolean(await request()), { what: 'the responder reached', retryOn: () => true });
    hold = true;

    // A held request's own time-out is far beyond the test's 90 s: only the node's death can end it in time.
    const outlivingTheTest = { timeoutMs: 10 * 60_000 };
    const inFlight = rpc
      .request(BILLING.accountSummary, { userId: '00000000-0000-4000-8000-000000000005' }, outlivingTheTest)
      .catch((error: unknown) => error);
    await waitFor(() => held === 1, { what: 'the request held by the responder' });
    await cluster.nodes[0].kill();
    const error = await inFlight;
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'UNAVAILABLE' });

    hold = false;
    await waitFor(async () => Boolean(await request()), { what: 'an answer after the reconnect', retryOn: () => true });
    await expect(request()).resolves.toEqual(summary);

    // Now the responder's node dies under a request held there: the requester stays connected, but
    // the request or its answer went with that node, so it fails at once too.
    const onThirdNode = await connectNats(cluster.nodes[2].url, 'rpc-client-requester-2');
    try {
      const rpcThere = new RpcClient(onThirdNode, 30_000);
      await waitFor(
        async () => Boolean(await rpcThere.request(BILLING.accountSummary, { userId: '00000000-0000-4000-8000-000000000006' })),
        {
          what: 'the responder reached from the third node',
          retryOn: () => true,
        },
      );
      hold = true;
      held = 0;
      const held2 = rpcThere
        .request(BILLING.accountSummary, { userId: '00000000-0000-4000-8000-000000000006' }, outlivingTheTest)
        .catch((e: unknown) => e);
      await waitFor(() => held === 1, { what: 'the second request held by the responder' });
      await cluster.nodes[1].kill();
      expect(await held2).toMatchObject({ code: 'UNAVAILABLE' });
    } finally {
      await onThirdNode.close();
    }
  }, 90_000);
});
