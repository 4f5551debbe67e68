import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { FixedWindowCounters } from '@printloom/service-kit';

/** Fixed-window counters in PostgreSQL (`listings.rate_limits`), shared by every listings instance: risk checks per user. */
@Injectable()
export class RateLimitRepository extends FixedWindowCounters {
  constructor(dataSource: DataSource) {
    super(dataSource, 'listings');
  }
}
