import { Controller } from '@nestjs/common';
import { AUTH, type RpcRequest } from '@printloom/contracts';
import { RpcHandler } from '@printloom/service-kit';
import { AuthService } from './auth.service.js';
import { AccountsService } from './accounts.service.js';
import { AccountDeletionService } from './account-deletion.service.js';
import { PasswordSetupService } from './password-setup.service.js';

@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly accounts: AccountsService,
    private readonly deletion: AccountDeletionService,
    private readonly passwordSetup: PasswordSetupService,
  ) {}

  @RpcHandler(AUTH.deleteAccount)
  deleteAccount(request: RpcRequest<typeof AUTH.deleteAccount>) {
    return this.deletion.deleteAccount(request.userId);
  }

  @RpcHandler(AUTH.sessionResolve)
  resolveSession(request: RpcRequest<typeof AUTH.sessionResolve>) {
    return this.auth.resolveSession(request.token);
  }

  @RpcHandler(AUTH.getUser)
  getUser(request: RpcRequest<typeof AUTH.getUser>) {
    return this.auth.getUser(request.userId);
  }

  @RpcHandler(AUTH.logout)
  logout(request: RpcRequest<typeof AUTH.logout>) {
    return this.auth.logout(request.token);
  }

  @RpcHandler(AUTH.signup)
  signup(request: RpcRequest<typeof AUTH.signup>) {
    return this.accounts.signup(request);
  }

  @RpcHandler(AUTH.verifyEmail)
  verifyEmail(request: RpcRequest<typeof AUTH.verifyEmail>) {
    return this.accounts.verifyEmail(request);
  }

  @RpcHandler(AUTH.resendVerification)
  resendVerification(request: RpcRequest<typeof AUTH.resendVerification>) {
    return this.accounts.resendVerification(request);
  }

  @RpcHandler(AUTH.login)
  login(request: RpcRequest<typeof AUTH.login>) {
    return this.accounts.login(request);
  }

  @RpcHandler(AUTH.forgotPassword)
  forgotPassword(request: RpcRequest<typeof AUTH.forgotPassword>) {
    return this.accounts.forgotPassword(request);
  }

  @RpcHandler(AUTH.resetPassword)
  resetPassword(request: RpcRequest<typeof AUTH.resetPassword>) {
    return this.accounts.resetPassword(request);
  }

  @RpcHandler(AUTH.googleSignIn)
  googleSignIn(request: RpcRequest<typeof AUTH.googleSignIn>) {
    return this.accounts.googleSignIn(request);
  }

  @RpcHandler(AUTH.requestPasswordCode)
  requestPasswordCode(request: RpcRequest<typeof AUTH.requestPasswordCode>) {
    return this.passwordSetup.requestCode(request);
  }

  @RpcHandler(AUTH.setPassword)
  setPassword(request: RpcRequest<typeof AUTH.setPassword>) {
    return this.passwordSetup.setPassword(request);
  }
}
