import { Module, type DynamicModule } from '@nestjs/common';
import type { AuthConfig } from './config.js';
import { AUTH_CONFIG } from './auth.tokens.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { AccountsService } from './accounts.service.js';
import { SessionsService } from './sessions.service.js';
import { CodesService } from './codes.service.js';
import { RateLimiter } from './rate-limiter.service.js';
import { MailClient } from './mail.client.js';
import { SessionRepository } from './repositories/session.repository.js';
import { UserRepository } from './repositories/user.repository.js';
import { CodeRepository } from './repositories/code.repository.js';
import { RateLimitRepository } from './repositories/rate-limit.repository.js';
import { AccountDeletionService } from './account-deletion.service.js';
import { SessionRevocations } from './session-revocations.js';
import { PasswordSetupService } from './password-setup.service.js';
import { ReauthenticationController } from './reauthentication.controller.js';
import { ReauthenticationService } from './reauthentication.service.js';

@Module({})
export class AuthModule {
  static forRoot(config: AuthConfig): DynamicModule {
    return {
      module: AuthModule,
      controllers: [AuthController, ReauthenticationController],
      providers: [
        { provide: AUTH_CONFIG, useValue: config },
        AuthService,
        AccountsService,
        SessionsService,
        SessionRevocations,
        CodesService,
        RateLimiter,
        MailClient,
        SessionRepository,
        UserRepository,
        CodeRepository,
        RateLimitRepository,
        AccountDeletionService,
        PasswordSetupService,
        ReauthenticationService,
      ],
    };
  }
}
