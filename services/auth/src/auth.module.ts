import { Module, type DynamicModule } from '@nestjs/common';
import type { AuthConfig } from './config.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { SessionRepository } from './repositories/session.repository.js';
import { UserRepository } from './repositories/user.repository.js';

export const AUTH_CONFIG = Symbol('AUTH_CONFIG');

@Module({})
export class AuthModule {
  static forRoot(config: AuthConfig): DynamicModule {
    return {
      module: AuthModule,
      controllers: [AuthController],
      providers: [{ provide: AUTH_CONFIG, useValue: config }, AuthService, SessionRepository, UserRepository],
    };
  }
}
