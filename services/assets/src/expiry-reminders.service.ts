import { Inject, Injectable } from '@nestjs/common';
import { AUTH, AppError, ENDPOINTS, LIMITS, NOTIFICATIONS, UNSUBSCRIBE_PAGE } from '@printloom/contracts';
import { RpcClient } from '@printloom/service-kit';
import { ReminderRepository } from './repositories/reminder.repository.js';
import { ASSETS_CONFIG } from './assets.tokens.js';
import type { AssetsConfig } from './config.js';

const EVERY_DAYS = 7;
const LISTED = 20;
export const UNSUBSCRIBED_MESSAGE = 'You will no longer get expiry reminders.';
export const INVALID_UNSUBSCRIBE = 'This unsubscribe link is not valid.';

const day = (date: Date) =>
  new Date(date).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** At most weekly, a seller hears which unstarred images expire within 7 days, so they can star what they keep. */
@Injectable()
export class ExpiryReminders {
  constructor(
    private readonly reminders: ReminderRepository,
    private readonly rpc: RpcClient,
    @Inject(ASSETS_CONFIG) private readonly config: AssetsConfig,
  ) {}

  async sendDue(): Promise<{ reminders_sent: number }> {
    let sent = 0;
    for (const userId of await this.reminders.dueUsers(LIMITS.expiryWarningDays, EVERY_DAYS, 200)) {
      const claim = await this.reminders.claim(userId, EVERY_DAYS);
      if (!claim) continue;
      try {
        await this.send(userId, claim.token);
        sent += 1;
      } catch (error) {
        await this.reminders.unclaim(userId, claim.previous); // tried again on the next pass
        throw error;
      }
    }
    return { reminders_sent: sent };
  }

  async unsubscribe(token: string): Promise<{ message: string }> {
    if (!(await this.reminders.unsubscribe(token))) throw new AppError('NOT_FOUND', INVALID_UNSUBSCRIBE);
    return { message: UNSUBSCRIBED_MESSAGE };
  }

  private async send(userId: string, token: string): Promise<void> {
    const images = await this.reminders.expiring(userId, LIMITS.expiryWarningDays, LISTED);
    if (images.length === 0) return;
    const user = await this.rpc.request(AUTH.getUser, { userId });
    // The link opens a page that asks first (scanners follow links); providers post the one-click URL.
    const unsubscribeUrl = new URL(UNSUBSCRIBE_PAGE, this.config.PUBLIC_URL);
    unsubscribeUrl.searchParams.set('token', token);
    const oneClickUrl = new URL(ENDPOINTS.unsubscribeRemindersOneClick.path, this.config.PUBLIC_URL);
    oneClickUrl.searchParams.set('token', token);
    const lines = images.map(
      (image) => `${image.prompt.slice(0, 80)}${image.variant ? ` (${image.variant})` : ''} · expires ${day(image.expiresAt)}`,
    );
    await this.rpc.request(NOTIFICATIONS.sendEmail, {
      to: user.email,
      template: 'expiry-reminder',
      data: {
        count: String(images.length),
        images: lines.join('\n'),
        libraryUrl: new URL('/generate', this.config.PUBLIC_URL).toString(),
        unsubscribeUrl: unsubscribeUrl.toString(),
      },
      key: `expiry-reminder:${userId}:${new Date().toISOString().slice(0, 10)}`,
      userId,
      listUnsubscribe: oneClickUrl.toString(),
    });
  }
}
