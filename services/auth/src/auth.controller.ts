import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AUTH, meRequest, sessionResolveRequest } from '@printloom/contracts';
import { ZodPipe } from '@printloom/service-kit';
import type { z } from 'zod';
import { AuthService } from './auth.service.js';

@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @MessagePattern(AUTH.sessionResolve)
  resolveSession(@Payload(new ZodPipe(sessionResolveRequest)) request: z.infer<typeof sessionResolveRequest>) {
    return this.auth.resolveSession(request.token);
  }

  @MessagePattern(AUTH.me)
  me(@Payload(new ZodPipe(meRequest)) request: z.infer<typeof meRequest>) {
    return this.auth.me(request.userId);
  }
}
