// Unit tests of the migration step's retries (node --test scripts/migrate-retry.test.mjs; make test runs it).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isTransient, untilDeadline } from './migrate-retry.mjs';

const failure = (code, message = code) => Object.assign(new Error(message), { code });

/** A clock that sleeping moves forward, so the deadline is reached without waiting. */
function fakeClock() {
  let time = 0;
  return { now: () => time, sleep: async (ms) => void (time += ms), elapsed: () => time };
}

describe('migration retries', () => {
  it('waits for a database that answers after a while, backing off', async () => {
    const clock = fakeClock();
    let calls = 0;
    const result = await untilDeadline(
      async () => {
        calls += 1;
        if (calls < 4) throw failure('ECONNREFUSED');
        return 'migrated';
      },
      { deadlineMs: 600_000, ...clock },
    );
    assert.equal(result, 'migrated');
    assert.equal(calls, 4);
    assert.equal(clock.elapsed(), 1000 + 2000 + 4000);
  });

  it('retries a lock timeout (55P03) and gives up once the deadline has passed', async () => {
    const clock = fakeClock();
    let calls = 0;
    await assert.rejects(
      untilDeadline(
        async () => {
          calls += 1;
          throw failure('55P03', 'canceling statement due to lock timeout');
        },
        { deadlineMs: 120_000, ...clock },
      ),
      /lock timeout/,
    );
    assert.equal(clock.elapsed(), 120_000);
    assert.ok(calls > 5 && calls < 12, `${calls} attempts in 2 minutes`);
  });

  it('fails at once on an error that will not pass by itself', async () => {
    const clock = fakeClock();
    let calls = 0;
    await assert.rejects(
      untilDeadline(
        async () => {
          calls += 1;
          throw failure('42P01', 'relation "x" does not exist');
        },
        { deadlineMs: 600_000, ...clock },
      ),
      /does not exist/,
    );
    assert.equal(calls, 1);
    assert.equal(clock.elapsed(), 0);
  });

  it('knows the errors TypeORM wraps and the server starting up', () => {
    assert.equal(isTransient({ message: 'x', driverError: { code: '57P03' } }), true);
    assert.equal(isTransient(new Error('the database system is starting up')), true);
    assert.equal(isTransient(failure('28P01', 'password authentication failed')), false);
  });
});
