// The migration step waits for what will come by itself (issue 41 item 7): a database still starting or
// not yet reachable, and a lock another session holds (a migration with lock_timeout gives up its lock
// wait instead of queueing every query on the table behind it). Those are retried, with back-off, until
// a deadline; anything else fails at once.

/** PostgreSQL and socket errors that pass: lock_not_available, cannot_connect_now, too_many_connections. */
const TRANSIENT_CODES = new Set(['55P03', '57P03', '53300', 'ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT']);

export function isTransient(error) {
  return (
    TRANSIENT_CODES.has(error?.code) ||
    TRANSIENT_CODES.has(error?.driverError?.code) ||
    /Connection terminated|timeout expired|the database system is (starting up|shutting down)/i.test(error?.message ?? '')
  );
}

/**
 * Runs `step` until it succeeds, retrying transient failures with back-off (1 s doubling to 30 s) until
 * `deadlineMs` (epoch ms); the last failure is thrown once the deadline has passed.
 */
export async function untilDeadline(
  step,
  { deadlineMs, log = () => {}, sleep = (ms) => new Promise((r) => setTimeout(r, ms)), now = Date.now },
) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await step();
    } catch (error) {
      if (!isTransient(error) || now() >= deadlineMs) throw error;
      const pause = Math.min(30_000, 1000 * 2 ** (attempt - 1), Math.max(0, deadlineMs - now()));
      log(`${error.message}: retrying in ${Math.ceil(pause / 1000)} s (attempt ${attempt})`);
      await sleep(pause);
    }
  }
}
