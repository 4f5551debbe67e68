import { Controller } from '@nestjs/common';
import { NOTIFICATIONS, type RpcRequest } from '@printloom/contracts';
import { RpcHandler } from '@printloom/service-kit';
import { NotificationsService } from './notifications.service.js';

@Controller()
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @RpcHandler(NOTIFICATIONS.sendEmail)
  sendEmail(request: RpcRequest<typeof NOTIFICATIONS.sendEmail>) {
    return this.notifications.sendEmail(request);
  }

  @RpcHandler(NOTIFICATIONS.createSupportMessage)
  createSupportMessage(request: RpcRequest<typeof NOTIFICATIONS.createSupportMessage>) {
    return this.notifications.createSupportMessage(request);
  }
}
