import { accountPurgesMigration, type DatabaseOptions } from '@printloom/service-kit';
import { OutboxAndSupport1763800000100 } from './migrations/1763800000100-outbox-and-support.js';
import { SupportSenderIp1763800000113 } from './migrations/1763800000113-support-sender-ip.js';
import { MailOwner1763800000120 } from './migrations/1763800000120-mail-owner.js';
import { OutboxListUnsubscribe1763800000121 } from './migrations/1763800000121-outbox-list-unsubscribe.js';

export const notificationsDatabase: Omit<DatabaseOptions, 'url'> = {
  schema: 'notifications',
  migrations: [
    OutboxAndSupport1763800000100,
    SupportSenderIp1763800000113,
    accountPurgesMigration('notifications', 1763800000115),
    MailOwner1763800000120,
    OutboxListUnsubscribe1763800000121,
  ],
};
