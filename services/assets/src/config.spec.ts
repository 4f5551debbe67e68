import { describe, expect, it } from '@jest/globals';
import { loadAssetsConfig } from './config.js';

describe('assets configuration', () => {
  it('refuses to start in production with a PUBLIC_URL the reminder mails cannot link to', () => {
    for (const address of ['http://localhost:8080', 'https://127.0.0.1'])
      expect(() => loadAssetsConfig({ NODE_ENV: 'production', PUBLIC_URL: address })).toThrow(/PUBLIC_URL: /);
    expect(loadAssetsConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://printloom.example.com' }).PUBLIC_URL).toBe(
      'https://printloom.example.com',
    );
    expect(loadAssetsConfig({}).PUBLIC_URL).toBe('http://localhost:8080');
  });
});
