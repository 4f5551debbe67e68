import { Injectable } from '@nestjs/common';
import type { Counter } from 'prom-client';

/** Copy written, by writer and outcome: written, failed, rejected (broke a rule), ceiling (daily limit reached). */
@Injectable()
export class ListingMetrics {
  constructor(readonly copy: Counter<'writer' | 'outcome'>) {}
}
