import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AUTH,
  deleteAccountRequest,
  getUserRequest,
  googleSignInRequest,
  loginRequest,
  logoutRequest,
  meRequest,
  resendVerificationRequest,
  resetPasswordRequest,
  forgotPasswordRequest,
  sessionResolveRequest,
  signupRequest,
  verifyEmailRequest,
} from '@printloom/contracts';
import { ZodPipe } from '@printloom/service-kit';
import type { z } from 'zod';
import { AuthService } from './auth.service.js';
import { AccountsService } from './accounts.service.js';
import { AccountDeletionService } from './account-deletion.service.js';

@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly accounts: AccountsService,
    private readonly deletion: AccountDeletionService,
  ) {}

  @MessagePattern(AUTH.deleteAccount)
  deleteAccount(@Payload(new ZodPipe(deleteAccountRequest)) request: z.infer<typeof deleteAccountRequest>) {
    return this.deletion.deleteAccount(request.userId);
  }

  @MessagePattern(AUTH.sessionResolve)
  resolveSession(@Payload(new ZodPipe(sessionResolveRequest)) request: z.infer<typeof sessionResolveRequest>) {
    return this.auth.resolveSession(request.token);
  }

  @MessagePattern(AUTH.me)
  me(@Payload(new ZodPipe(meRequest)) request: z.infer<typeof meRequest>) {
    return this.auth.me(request.userId);
  }

  @MessagePattern(AUTH.getUser)
  getUser(@Payload(new ZodPipe(getUserRequest)) request: z.infer<typeof getUserRequest>) {
    return this.auth.getUser(request.userId);
  }

  @MessagePattern(AUTH.logout)
  logout(@Payload(new ZodPipe(logoutRequest)) request: z.infer<typeof logoutRequest>) {
    return this.auth.logout(request.token);
  }

  @MessagePattern(AUTH.signup)
  signup(@Payload(new ZodPipe(signupRequest)) request: z.infer<typeof signupRequest>) {
    return this.accounts.signup(request);
  }

  @MessagePattern(AUTH.verifyEmail)
  verifyEmail(@Payload(new ZodPipe(verifyEmailRequest)) request: z.infer<typeof verifyEmailRequest>) {
    return this.accounts.verifyEmail(request);
  }

  @MessagePattern(AUTH.resendVerification)
  resendVerification(@Payload(new ZodPipe(resendVerificationRequest)) request: z.infer<typeof resendVerificationRequest>) {
    return this.accounts.resendVerification(request);
  }

  @MessagePattern(AUTH.login)
  login(@Payload(new ZodPipe(loginRequest)) request: z.infer<typeof loginRequest>) {
    return this.accounts.login(request);
  }

  @MessagePattern(AUTH.forgotPassword)
  forgotPassword(@Payload(new ZodPipe(forgotPasswordRequest)) request: z.infer<typeof forgotPasswordRequest>) {
    return this.accounts.forgotPassword(request);
  }

  @MessagePattern(AUTH.resetPassword)
  resetPassword(@Payload(new ZodPipe(resetPasswordRequest)) request: z.infer<typeof resetPasswordRequest>) {
    return this.accounts.resetPassword(request);
  }

  @MessagePattern(AUTH.googleSignIn)
  googleSignIn(@Payload(new ZodPipe(googleSignInRequest)) request: z.infer<typeof googleSignInRequest>) {
    return this.accounts.googleSignIn(request);
  }
}
