import { Module, type DynamicModule } from '@nestjs/common';
import type { AssetsConfig } from './config.js';

export const ASSETS_CONFIG = Symbol('ASSETS_CONFIG');

@Module({})
export class AssetsModule {
  static forRoot(config: AssetsConfig): DynamicModule {
    return { module: AssetsModule, controllers: [], providers: [{ provide: ASSETS_CONFIG, useValue: config }] };
  }
}
