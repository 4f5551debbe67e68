import { Controller, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { MeReply } from '@printloom/contracts';
import { requestIdOf } from '../http/request.js';
import { RouteEndpoint, SignedIn } from '../routes/route-endpoint.decorator.js';
import type { SignedInUser } from '../session/session.service.js';
import { MeViewService } from './me-view.service.js';

/** The `view` row getMe: built and cached by MeViewService; cached views are answered before routing (cached-view-fast-path.ts). */
@Controller()
export class MeViewController {
  constructor(private readonly meViews: MeViewService) {}

  @RouteEndpoint('getMe')
  async me(@SignedIn() user: SignedInUser, @Req() req: Request): Promise<MeReply> {
    return (await this.meViews.view(user, requestIdOf(req))).reply;
  }
}
