import { Controller } from '@nestjs/common';
import { AUTH, type RpcRequest } from '@printloom/contracts';
import { RpcHandler } from '@printloom/service-kit';
import { ReauthenticationService } from './reauthentication.service.js';

/** The re-authentication subjects: a signed-in session proves its owner again before leaving. */
@Controller()
export class ReauthenticationController {
  constructor(private readonly reauthentication: ReauthenticationService) {}

  @RpcHandler(AUTH.confirmPassword)
  confirmPassword(request: RpcRequest<typeof AUTH.confirmPassword>) {
    return this.reauthentication.confirmPassword(request);
  }

  @RpcHandler(AUTH.requestConfirmationCode)
  requestConfirmationCode(request: RpcRequest<typeof AUTH.requestConfirmationCode>) {
    return this.reauthentication.requestCode(request);
  }

  @RpcHandler(AUTH.confirmCode)
  confirmCode(request: RpcRequest<typeof AUTH.confirmCode>) {
    return this.reauthentication.confirmCode(request);
  }
}
