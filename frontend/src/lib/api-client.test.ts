import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiUrl, callApi, errorText, hasErrorCode } from './api-client';

afterEach(() => vi.restoreAllMocks());

const jsonFetch = (body = '{"ok":true}', status = 200, statusText = '') =>
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(body, { status, statusText }));

describe('callApi', () => {
  it('takes method and path from the route table: credentials always, JSON content type only with a body', async () => {
    const fetchMock = jsonFetch();
    await callApi('getMe');
    expect(fetchMock.mock.calls[0][0]).toBe('/api/auth/me');
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ method: 'GET', credentials: 'include', headers: undefined });
    await callApi('generate', { body: { prompt: 'x', options: { transparent: true, dark: false } } });
    expect(fetchMock.mock.calls[1][0]).toBe('/api/generate');
    expect(fetchMock.mock.calls[1][1]).toMatchObject({
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"prompt":"x","options":{"transparent":true,"dark":false}}',
    });
  });

  it('fills path params and the query, and sends a FormData body as it is', async () => {
    const fetchMock = jsonFetch();
    await callApi('upscaleAsset', { params: { id: 'a/b' }, body: { scaleFactor: 2 } });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/assets/a%2Fb/upscale');
    await callApi('listAssets', { query: { search: 'cat hat', starred: 'true', cursor: undefined } });
    expect(fetchMock.mock.calls[1][0]).toBe('/api/assets?search=cat+hat&starred=true');
    const form = new FormData();
    await callApi('describeImage', { body: form });
    expect(fetchMock.mock.calls[2][1]).toMatchObject({ method: 'POST', body: form, headers: undefined });
  });

  it('throws an ApiError "status: body" with the server code, or the status text when the body is empty', async () => {
    jsonFetch('{"error":"Insufficient credits. Purchase more to continue.","code":"INSUFFICIENT_CREDITS"}', 402);
    const error = await callApi('generate', { body: { prompt: 'x' } }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 402,
      code: 'INSUFFICIENT_CREDITS',
      serverMessage: 'Insufficient credits. Purchase more to continue.',
    });
    expect((error as ApiError).message).toBe(
      '402: {"error":"Insufficient credits. Purchase more to continue.","code":"INSUFFICIENT_CREDITS"}',
    );
    vi.restoreAllMocks();
    jsonFetch('', 502, 'Bad Gateway');
    await expect(callApi('getMe')).rejects.toMatchObject({ message: '502: Bad Gateway', status: 502, code: 'UPSTREAM_FAILED' });
  });

  it('keeps the details of the error body', async () => {
    jsonFetch('{"error":"Please verify your email to continue.","code":"FORBIDDEN","requiresVerification":true}', 403);
    const error = await callApi('login', { body: { email: 'a@b.c', password: 'x' } }).catch((failure: unknown) => failure);
    expect(hasErrorCode(error, 'FORBIDDEN')).toBe(true);
    expect(hasErrorCode(error, 'UNAUTHENTICATED')).toBe(false);
    expect((error as ApiError).details.requiresVerification).toBe(true);
  });
});

describe('apiUrl', () => {
  it('builds the URLs the browser navigates to', () => {
    expect(apiUrl('startGoogleSignIn')).toBe('/api/auth/google');
    expect(apiUrl('downloadAsset', { params: { id: 'x1' }, query: { variant: 'original', size: 'thumbnail' } })).toBe(
      '/api/download/x1?variant=original&size=thumbnail',
    );
    expect(apiUrl('downloadAsset', { params: { id: 'x1' }, query: { variant: 'original' } })).toBe('/api/download/x1?variant=original');
    expect(apiUrl('downloadZip', { query: { ids: 'a,b' } })).toBe('/api/download/zip?ids=a%2Cb');
  });
});

describe('errorText', () => {
  it('shows the server error, a plain body, or the fallback', () => {
    expect(errorText(new ApiError(401, '{"error":"Invalid email or password","code":"UNAUTHENTICATED"}'), 'Authentication failed')).toBe(
      'Invalid email or password',
    );
    expect(errorText(new ApiError(500, '', 'Internal Server Error'), 'Authentication failed')).toBe('Internal Server Error');
    expect(errorText(new Error('boom'), 'Authentication failed')).toBe('Authentication failed');
  });
});
