import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '@printloom/contracts';
import { clientAddressKey } from '@printloom/service-kit';
import { RATE_LIMIT_MESSAGE, type LimitedKey, type RateLimitRule } from './domain/rate-limits.js';
import { RateLimitRepository } from './repositories/rate-limit.repository.js';
import { AUTH_CONFIG } from './auth.tokens.js';
import type { AuthConfig } from './config.js';

/** An address counts by its /64 (IPv6); `loginAttemptLimits` pairs an email with that key too. */
function keyOf(rule: RateLimitRule, subject: string): string {
  return `${rule.action}:${rule.by}:${rule.by === 'ip' ? clientAddressKey(subject) : subject}`;
}

@Injectable()
export class RateLimiter {
  constructor(
    private readonly counters: RateLimitRepository,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
  ) {}

  /** Counts one attempt against each rule; over any limit is 429. */
  async check(rules: LimitedKey[]): Promise<void> {
    for (const [rule, subject] of rules) {
      const { hits, retryAfterSeconds } = await this.counters.hit(keyOf(rule, subject), rule.windowSeconds);
      if (hits > this.maxOf(rule)) throw new AppError('RATE_LIMITED', RATE_LIMIT_MESSAGE, { retryAfterSeconds });
    }
  }

  /**
   * For limits that only failures fill: counts this attempt up front (so parallel tries cannot slip
   * past the limit before any of them fails; over it is 429), and `succeeded()` takes it back.
   */
  async countUnlessSucceeded(rules: LimitedKey[]): Promise<{ succeeded(): Promise<void> }> {
    const counted: LimitedKey[] = [];
    const takeBack = async () => {
      for (const [rule, subject] of counted) await this.counters.takeBack(keyOf(rule, subject), rule.windowSeconds);
    };
    for (const [rule, subject] of rules) {
      const { hits, retryAfterSeconds } = await this.counters.hit(keyOf(rule, subject), rule.windowSeconds);
      counted.push([rule, subject]);
      if (hits > this.maxOf(rule)) {
        // Refused before any password was checked: it is no failure of its own.
        await takeBack();
        throw new AppError('RATE_LIMITED', RATE_LIMIT_MESSAGE, { retryAfterSeconds });
      }
    }
    return { succeeded: takeBack };
  }

  private maxOf(rule: RateLimitRule): number {
    return Math.max(1, Math.floor(rule.max * this.config.RATE_LIMIT_SCALE));
  }
}
