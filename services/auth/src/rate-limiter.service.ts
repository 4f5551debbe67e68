import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '@printloom/contracts';
import { clientAddressKey } from '@printloom/service-kit';
import { RATE_LIMIT_MESSAGE, type RateLimitRule } from './domain/rate-limits.js';
import { RateLimitRepository } from './repositories/rate-limit.repository.js';
import { AUTH_CONFIG } from './auth.tokens.js';
import type { AuthConfig } from './config.js';

@Injectable()
export class RateLimiter {
  constructor(
    private readonly counters: RateLimitRepository,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
  ) {}

  /** Counts one attempt against each rule; over any limit is 429. An address counts by its /64 (IPv6). */
  async check(rules: Array<[RateLimitRule, string]>): Promise<void> {
    for (const [rule, subject] of rules) {
      const key = rule.by === 'ip' ? clientAddressKey(subject) : subject;
      const hits = await this.counters.hit(`${rule.action}:${rule.by}:${key}`, rule.windowSeconds);
      if (hits > Math.max(1, Math.floor(rule.max * this.config.RATE_LIMIT_SCALE))) throw new AppError('RATE_LIMITED', RATE_LIMIT_MESSAGE);
    }
  }
}
