import { Module, type DynamicModule } from '@nestjs/common';
import type { GenerationConfig } from './config.js';

export const GENERATION_CONFIG = Symbol('GENERATION_CONFIG');

@Module({})
export class GenerationModule {
  static forRoot(config: GenerationConfig): DynamicModule {
    return { module: GenerationModule, controllers: [], providers: [{ provide: GENERATION_CONFIG, useValue: config }] };
  }
}
