import { Inject, Injectable } from '@nestjs/common';
import { NOTIFICATIONS, type emailTemplate } from '@printloom/contracts';
import { LOGGER, RpcClient, type Logger } from '@printloom/service-kit';
import type { z } from 'zod';

/**
 * Hands mail to the notifications service, which queues it and sends it with retries. A slow or
 * absent mail path is logged and never fails the user's request. Every mail names the account it is
 * for: the purge after a deletion removes mail by that id, never by address.
 */
@Injectable()
export class MailClient {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async send(
    to: { id: string; email: string },
    template: z.infer<typeof emailTemplate>,
    data: Record<string, string>,
    key: string,
  ): Promise<void> {
    try {
      await this.rpc.request(NOTIFICATIONS.sendEmail, { to: to.email, userId: to.id, template, data, key }, { timeoutMs: 3000 });
    } catch (error) {
      this.logger.error({ err: error, template, key }, 'Could not hand the email to notifications');
    }
  }
}
