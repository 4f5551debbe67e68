import type { WorkClaim, WorkSource } from './background-worker.js';

/**
 * Round-robin by seller over a source that serves in arrival order (a JetStream work queue): it looks
 * ahead up to `lookahead` pieces of work, holds them under their leases (renewed), and gives out the one
 * whose seller was served longest ago (never served first; then arrival order). One seller's burst then
 * holds another's work up by at most one piece per worker loop. What it holds when the worker stops is
 * handed back with the rest (`release`). Leased rows do this in SQL instead (`LeasedRows` `sellers`).
 */
export function inTurnsBySeller<T>(source: WorkSource<T>, sellerOf: (work: T) => string, lookahead: number): WorkSource<T> {
  const held: Array<WorkClaim<T>> = [];
  const lastServed = new Map<string, number>();
  let served = 0;
  let renewing: NodeJS.Timeout | undefined;

  const keepAlive = () => {
    if (renewing || source.heartbeatMs <= 0) return;
    renewing = setInterval(() => {
      for (const claim of held) void Promise.resolve(claim.renew()).catch(() => undefined);
      if (held.length === 0) {
        clearInterval(renewing);
        renewing = undefined;
      }
    }, source.heartbeatMs);
    renewing.unref();
  };

  return {
    heartbeatMs: source.heartbeatMs,
    async take(): Promise<WorkClaim<T> | null> {
      while (held.length < lookahead) {
        const claim = await source.take();
        if (!claim) break;
        held.push(claim);
      }
      if (held.length === 0) return null;
      keepAlive();
      let next = 0;
      for (let index = 1; index < held.length; index += 1) {
        const turn = lastServed.get(sellerOf(held[index]!.work)) ?? -1;
        if (turn < (lastServed.get(sellerOf(held[next]!.work)) ?? -1)) next = index;
      }
      const [claim] = held.splice(next, 1);
      lastServed.set(sellerOf(claim!.work), served++);
      return claim!;
    },
    async release(): Promise<number> {
      const unserved = held.splice(0);
      clearInterval(renewing);
      renewing = undefined;
      await Promise.all(unserved.map((claim) => Promise.resolve(claim.settle({ settled: 'handed back' })).catch(() => undefined)));
      return unserved.length;
    },
  };
}
