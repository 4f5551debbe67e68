import { describe, expect, it } from '@jest/globals';
import { toOutboxMessage } from './outbox.repository.js';

describe('outbox rows become domain objects', () => {
  it('maps the bodies to camelCase fields', () => {
    expect(
      toOutboxMessage({
        id: '1',
        recipient: 'a@b.c',
        subject: 'Hi',
        text_body: 'text',
        html_body: '<p>html</p>',
        attempts: 2,
        list_unsubscribe: 'https://printloom.example/api/reminders/unsubscribe/one-click?token=t',
      }),
    ).toEqual({
      id: '1',
      recipient: 'a@b.c',
      subject: 'Hi',
      textBody: 'text',
      htmlBody: '<p>html</p>',
      attempts: 2,
      listUnsubscribe: 'https://printloom.example/api/reminders/unsubscribe/one-click?token=t',
    });
  });
});
