import { Inject, Injectable } from '@nestjs/common';
import { NOTIFICATIONS, type emailTemplate } from '@printloom/contracts';
import { LOGGER, RpcClient, type Logger } from '@printloom/service-kit';
import type { z } from 'zod';

/**
 * Hands mail to the notifications service, which queues it and sends it with retries. A slow or
 * absent mail path is logged and never fails the user's request.
 */
@Injectable()
export class MailClient {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async send(to: string, template: z.infer<typeof emailTemplate>, data: Record<string, string>, key: string): Promise<void> {
    try {
      await this.rpc.request(NOTIFICATIONS.sendEmail, { to, template, data, key }, { timeoutMs: 3000 });
    } catch (error) {
      this.logger.error({ err: error, template, key }, 'Could not hand the email to notifications');
    }
  }
}
