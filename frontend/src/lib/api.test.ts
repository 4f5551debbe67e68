import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, errorText, keyToPath } from './api';

afterEach(() => vi.restoreAllMocks());

describe('apiRequest', () => {
  it('sends credentials, and JSON content type only with a body', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('{"ok":true}', { status: 200 }));
    await apiRequest('GET', '/api/auth/me');
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ method: 'GET', credentials: 'include', headers: undefined });
    await apiRequest('POST', '/api/generate', { prompt: 'x' });
    expect(fetchMock.mock.calls[1][1]).toMatchObject({ headers: { 'Content-Type': 'application/json' }, body: '{"prompt":"x"}' });
  });

  it('throws "status: body" on a non-OK answer, or the status text when the body is empty', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response('{"error":"Insufficient credits"}', { status: 402 }));
    await expect(apiRequest('POST', '/api/generate', {})).rejects.toThrow('402: {"error":"Insufficient credits"}');
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response('', { status: 500, statusText: 'Internal Server Error' }));
    await expect(apiRequest('GET', '/x')).rejects.toThrow('500: Internal Server Error');
  });
});

describe('errorText', () => {
  it('pulls the server error out of the message, with a fallback', () => {
    expect(errorText(new Error('401: {"error":"Invalid email or password"}'), 'Authentication failed')).toBe('Invalid email or password');
    expect(errorText(new Error('500: Internal Server Error'), 'Authentication failed')).toBe('Internal Server Error');
    expect(errorText(new Error('boom'), 'Authentication failed')).toBe('Authentication failed');
  });
});

describe('keyToPath', () => {
  it('joins the string parts of a query key', () => {
    expect(keyToPath(['/api/auth/me'])).toBe('/api/auth/me');
    expect(keyToPath(['/api/jobs', 'abc'])).toBe('/api/jobs/abc');
  });
});
