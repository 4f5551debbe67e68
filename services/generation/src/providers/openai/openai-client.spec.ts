import { describe, expect, it } from '@jest/globals';
import { OpenAiClient, retryAfterMs, translate } from './openai-client.js';

describe('OpenAI client rules', () => {
  it("reads the server's wait from retry-after-ms, seconds or an HTTP date", () => {
    const now = Date.parse('2026-11-23T18:00:00Z');
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '250' }), now)).toBe(250);
    expect(retryAfterMs(new Headers({ 'retry-after': '3' }), now)).toBe(3000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Mon, 23 Nov 2026 18:00:30 GMT' }), now)).toBe(30_000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(retryAfterMs(new Headers(), now)).toBeUndefined();
  });

  it('tells out-of-credit and a gone model apart from a busy server', () => {
    expect(translate(429, { error: { code: 'insufficient_quota', type: 'insufficient_quota' } })).toMatchObject({
      kind: 'quota',
      retryable: false,
    });
    expect(translate(429, { error: { code: 'rate_limit_exceeded', type: 'requests' } })).toMatchObject({ kind: 'busy', retryable: true });
    expect(translate(404, { error: { code: 'model_not_found' } })).toMatchObject({ kind: 'model-gone', retryable: false });
    expect(translate(503, {})).toMatchObject({ kind: 'unavailable', retryable: true });
  });

  it('joins paths to the base URL whether or not it ends with a slash', () => {
    for (const baseUrl of ['https://api.openai.com/v1', 'https://api.openai.com/v1/']) {
      expect(new OpenAiClient({ apiKey: 'k', baseUrl, timeoutMs: 1 }).url('images/generations')).toBe(
        'https://api.openai.com/v1/images/generations',
      );
    }
  });
});
