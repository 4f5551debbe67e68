import { describe, expect, it } from '@jest/globals';
import { listUnsubscribeHeaders } from './mail-transport.js';

describe('one-click unsubscribe headers (RFC 8058)', () => {
  it('names the one-click URL in angle brackets and says it takes a POST', () => {
    expect(listUnsubscribeHeaders('https://printloom.example/api/reminders/unsubscribe/one-click?token=t')).toEqual({
      'List-Unsubscribe': '<https://printloom.example/api/reminders/unsubscribe/one-click?token=t>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('adds nothing to mail that cannot be unsubscribed from', () => {
    expect(listUnsubscribeHeaders(null)).toEqual({});
    expect(listUnsubscribeHeaders(undefined)).toEqual({});
  });
});
