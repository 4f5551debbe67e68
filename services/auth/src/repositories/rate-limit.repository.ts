import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { FixedWindowCounters } from '@printloom/service-kit';

/** Fixed-window counters in PostgreSQL (`auth.rate_limits`), so every auth instance shares them. */
@Injectable()
export class RateLimitRepository extends FixedWindowCounters {
  constructor(dataSource: DataSource) {
    super(dataSource, 'auth');
  }
}
