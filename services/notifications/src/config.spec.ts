import { describe, expect, it } from '@jest/globals';
import { loadNotificationsConfig } from './config.js';

describe('notifications configuration', () => {
  it('refuses to start in production with a PUBLIC_URL the mails cannot link to', () => {
    for (const address of ['http://localhost:8080', 'https://127.0.0.1'])
      expect(() => loadNotificationsConfig({ NODE_ENV: 'production', PUBLIC_URL: address })).toThrow(/PUBLIC_URL: /);
    expect(loadNotificationsConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://printloom.example.com' }).PUBLIC_URL).toBe(
      'https://printloom.example.com',
    );
    expect(loadNotificationsConfig({}).PUBLIC_URL).toBe('http://localhost:8080');
  });
});
