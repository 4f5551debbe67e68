interface UserWork {
  running: number;
  /** Each waiter is woken with the running place of the task that just ended. */
  waiting: Array<() => void>;
}

/**
 * One user's share of a shared resource: at most `running` of their tasks at once, at most `queued`
 * accepted in all (running or waiting for a place). Past that, work is refused at once rather than
 * piling up; the count is taken synchronously, so requests racing each other cannot pass it together.
 */
export class PerUserQueue {
  private readonly users = new Map<string, UserWork>();

  constructor(readonly limits: { running: number; queued: number }) {}

  /** The user's tasks running or waiting. */
  inFlight(userId: string): number {
    const user = this.users.get(userId);
    return user ? user.running + user.waiting.length : 0;
  }

  /** Runs `work` on one of the user's places, after their earlier tasks if need be; null when the user's queue is full. */
  tryRun<T>(userId: string, work: () => Promise<T>): Promise<T> | null {
    if (this.inFlight(userId) >= this.limits.queued) return null;
    let user = this.users.get(userId);
    if (!user) {
      user = { running: 0, waiting: [] };
      this.users.set(userId, user);
    }
    return this.inTurn(userId, user, work);
  }

  private async inTurn<T>(userId: string, user: UserWork, work: () => Promise<T>): Promise<T> {
    if (user.running < this.limits.running) user.running += 1;
    else await new Promise<void>((resolve) => user.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = user.waiting.shift();
      if (next) next();
      else if (--user.running === 0) this.users.delete(userId);
    }
  }
}

/**
 * When to come back, in seconds: `excess` of the user's tasks must end first, `running` at a time,
 * each taking about `averageMs`. At least 1 s; at most 2 minutes (the time budget of one export).
 */
export function retryAfterSeconds(excess: number, running: number, averageMs: number): number {
  const rounds = Math.ceil(Math.max(1, excess) / running);
  return Math.min(120, Math.max(1, Math.ceil((rounds * averageMs) / 1000)));
}
