import { EventEmitter } from 'node:events';
import { Writable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { installCrashPolicy } from './crash-policy.js';
import { runWithRequestContext } from './logger.js';

function capturedLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink), lines };
}

const flushed = () => new Promise((resolve) => setImmediate(resolve));

describe('the crash policy', () => {
  it('logs an unhandled rejection once, with the request id it happened under, then exits with 1', async () => {
    const source = new EventEmitter();
    const exits: number[] = [];
    const { logger, lines } = capturedLogger();
    installCrashPolicy(logger, { source: source as never, exit: (code) => exits.push(code) });
    runWithRequestContext({ requestId: 'req-12345678' }, () => {
      source.emit('unhandledRejection', new Error('pipeline rejected'));
      source.emit('uncaughtException', new Error('and then this'));
    });
    await flushed();
    expect(exits).toEqual([1]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 60,
      kind: 'unhandledRejection',
      requestId: 'req-12345678',
      err: { message: 'pipeline rejected' },
    });
  });

  it('exits on an uncaught exception outside any request too', async () => {
    const source = new EventEmitter();
    const exits: number[] = [];
    const { logger, lines } = capturedLogger();
    installCrashPolicy(logger, { source: source as never, exit: (code) => exits.push(code) });
    source.emit('uncaughtException', new TypeError('boom'));
    await flushed();
    expect(exits).toEqual([1]);
    expect(lines[0]).toMatchObject({ kind: 'uncaughtException', err: { type: 'TypeError', message: 'boom' } });
  });
});
