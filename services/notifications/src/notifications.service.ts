import { Inject, Injectable } from '@nestjs/common';
import { AppError, type sendEmailRequest, type supportRequest } from '@printloom/contracts';
import { clientAddressKey } from '@printloom/service-kit';
import type { z } from 'zod';
import { OutboxRepository } from './repositories/outbox.repository.js';
import { SupportRepository } from './repositories/support.repository.js';
import { renderEmail } from './templates.js';
import { SUPPORT_LIMITS, SUPPORT_RATE_LIMIT_MESSAGE } from './support-limits.js';
import { NOTIFICATIONS_CONFIG, OUTBOX_WORKER } from './notifications.tokens.js';
import type { NotificationsConfig } from './config.js';
import type { OutboxWorker } from './outbox-worker.js';

@Injectable()
export class NotificationsService {
  constructor(
    private readonly outbox: OutboxRepository,
    private readonly support: SupportRepository,
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
    @Inject(OUTBOX_WORKER) private readonly worker: OutboxWorker,
  ) {}

  /** Queues the email and answers at once; the worker sends it, retrying with back-off. */
  async sendEmail(request: z.infer<typeof sendEmailRequest>): Promise<{ queued: true }> {
    await this.outbox.enqueue(request.key, request.to, renderEmail(request.template, request.data, this.config.PUBLIC_URL), {
      userId: request.userId,
      listUnsubscribe: request.listUnsubscribe,
    });
    this.worker.wake();
    return { queued: true };
  }

  /** Stored and mailed to support; metered per address and per email (a public write). */
  async createSupportMessage(request: z.infer<typeof supportRequest>): Promise<{ ok: true }> {
    // Metered by the sender's network: an IPv6 /64 is one sender however it rotates addresses.
    const id = await this.support.createWithinLimits({ ...request, ip: clientAddressKey(request.ip) }, SUPPORT_LIMITS);
    if (!id) throw new AppError('RATE_LIMITED', SUPPORT_RATE_LIMIT_MESSAGE);
    const email = renderEmail('support-message', { ...request, userId: request.userId ?? '' }, this.config.PUBLIC_URL);
    await this.outbox.enqueue(`support:${id}`, this.config.SUPPORT_EMAIL, email, { userId: request.userId });
    this.worker.wake();
    return { ok: true };
  }
}
