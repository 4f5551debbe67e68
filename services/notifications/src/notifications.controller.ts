import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { NOTIFICATIONS, sendEmailRequest, supportRequest } from '@printloom/contracts';
import { ZodPipe } from '@printloom/service-kit';
import type { z } from 'zod';
import { NotificationsService } from './notifications.service.js';

@Controller()
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @MessagePattern(NOTIFICATIONS.sendEmail)
  sendEmail(@Payload(new ZodPipe(sendEmailRequest)) request: z.infer<typeof sendEmailRequest>) {
    return this.notifications.sendEmail(request);
  }

  @MessagePattern(NOTIFICATIONS.createSupportMessage)
  createSupportMessage(@Payload(new ZodPipe(supportRequest)) request: z.infer<typeof supportRequest>) {
    return this.notifications.createSupportMessage(request);
  }
}
