import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NatsContext, Server, type CustomTransportStrategy } from '@nestjs/microservices';
import { pino } from 'pino';
import { lastValueFrom } from 'rxjs';
import { ASSETS, BILLING, type RpcReply, type RpcRequest } from '@printloom/contracts';
import { RpcErrorFilter, RpcHandler } from './rpc-handling.js';

/** Nest's own dispatch (patterns, pipes, filters) without a NATS server: a message is a method call. */
class InProcessTransport extends Server implements CustomTransportStrategy {
  listen(callback: () => void) {
    callback();
  }
  close() {}
  on() {}
  unwrap<T>(): T {
    throw new Error('no underlying server');
  }

  patterns(): string[] {
    return [...this.getHandlers().keys()];
  }

  /** What ServerNats does with a request: find the handler of the subject and run it. */
  async request(subject: string, payload: unknown): Promise<unknown> {
    const handler = this.getHandlerByPattern(subject);
    if (!handler) throw new Error(`no handler for ${subject}`);
    return lastValueFrom(this.transformToObservable(await handler(payload, new NatsContext([subject, undefined]))));
  }
}

const received: unknown[] = [];

@Controller()
class ExampleController {
  @RpcHandler(ASSETS.list)
  list(request: RpcRequest<typeof ASSETS.list>): RpcReply<typeof ASSETS.list> {
    received.push(request);
    return { assets: [], nextCursor: null };
  }

  @RpcHandler(BILLING.reserve)
  async reserve(request: RpcRequest<typeof BILLING.reserve>) {
    received.push(request);
    return { reservationId: randomUUID(), balance: 10 - request.amount };
  }
}

@Module({ controllers: [ExampleController] })
class ExampleModule {}

/**
 * Never registered: each method would compile with the old form, and the decorator refuses it. If
 * RpcHandler stopped tying a handler to its subject's entry, the `@ts-expect-error` lines would fail
 * `npm run typecheck:tests`.
 */
export class DriftingHandlers {
  // @ts-expect-error: reads a field its subject never carries (a portal request has no plan)
  @RpcHandler(BILLING.portal)
  portal(request: RpcRequest<typeof BILLING.checkout>) {
    return { url: `/pricing?plan=${request.planId}` };
  }

  // @ts-expect-error: answers what the registry does not say the subject answers
  @RpcHandler(BILLING.commit)
  commit(request: RpcRequest<typeof BILLING.commit>) {
    return { reservationId: request.reservationId };
  }

  // @ts-expect-error: a promise of the wrong reply is refused too
  @RpcHandler(BILLING.release)
  async release(_request: RpcRequest<typeof BILLING.release>) {
    return { balance: 'ten' };
  }
}

describe('@RpcHandler', () => {
  const transport = new InProcessTransport();
  let app: INestMicroservice;

  beforeAll(async () => {
    app = await NestFactory.createMicroservice(ExampleModule, { strategy: transport, logger: false });
    app.useGlobalFilters(new RpcErrorFilter(pino({ level: 'silent' })));
    await app.listen();
  });
  afterAll(() => app.close());
  beforeEach(() => {
    received.length = 0;
  });

  it('registers each handler under the subject it names, and under nothing else', () => {
    expect(transport.patterns().sort()).toEqual([ASSETS.list, BILLING.reserve].sort());
  });

  it("hands the handler the payload parsed by the subject's request schema", async () => {
    const userId = randomUUID();
    await expect(transport.request(ASSETS.list, { userId, search: 'fox', notInTheSchema: true })).resolves.toEqual({
      assets: [],
      nextCursor: null,
    });
    // The schema's default is filled in and the unknown key dropped: the handler got the parsed value.
    expect(received).toEqual([{ userId, search: 'fox', starred: false }]);
  });

  it("answers a payload its schema refuses with the caller's BAD_REQUEST naming the field, without calling the handler", async () => {
    const reserve = { userId: randomUUID(), amount: 0, reason: 'generation', ref: 'job-1' };
    await expect(transport.request(BILLING.reserve, reserve)).rejects.toEqual({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^amount: Too small/),
    });
    await expect(transport.request(BILLING.reserve, { ...reserve, userId: 'not-a-uuid', amount: 2 })).rejects.toEqual({
      code: 'BAD_REQUEST',
      message: 'Invalid id',
    });
    await expect(transport.request(BILLING.reserve, undefined)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(received).toEqual([]);
    await expect(transport.request(BILLING.reserve, { ...reserve, amount: 2 })).resolves.toMatchObject({ balance: 8 });
    expect(received).toEqual([{ ...reserve, amount: 2 }]);
  });
});
