import { Module, type DynamicModule } from '@nestjs/common';
import type { BillingConfig } from './config.js';

export const BILLING_CONFIG = Symbol('BILLING_CONFIG');

@Module({})
export class BillingModule {
  static forRoot(config: BillingConfig): DynamicModule {
    return { module: BillingModule, controllers: [], providers: [{ provide: BILLING_CONFIG, useValue: config }] };
  }
}
