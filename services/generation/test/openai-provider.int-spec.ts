import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { Registry } from 'prom-client';
import { createLogger } from '@printloom/service-kit';
import type { VariantLetter } from '@printloom/contracts';
import { OpenAiProvider, POLICY_MESSAGE } from '../src/providers/openai-provider.js';
import { OpenAiClient, TIMEOUT_MESSAGE, UNAVAILABLE_MESSAGE } from '../src/providers/openai/openai-client.js';
import { ModelWatch } from '../src/providers/openai/model-watch.js';
import { ProviderError, type GeneratedImage } from '../src/providers/image-provider.js';
import { OpenAiStandIn, errorBody, imageBody, type StandInReply } from './support/openai-stand-in.js';

describe('OpenAI provider against a stand-in API server', () => {
  const standIn = new OpenAiStandIn();
  let png: Buffer;

  beforeAll(async () => {
    png = await sharp({ create: { width: 64, height: 80, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 1 } } })
      .png()
      .toBuffer();
    await standIn.start();
  });
  afterAll(() => standIn.stop());
  beforeEach(() => {
    standIn.calls.length = 0;
  });

  const provider = (timeoutMs = 5000) =>
    new OpenAiProvider({
      apiKey: 'sk-test',
      baseUrl: standIn.baseUrl,
      imageModel: 'gpt-image-2.6-sunburst',
      visionModel: 'gpt-6-luna',
      timeoutMs,
      retryBaseMs: 10,
      maxAttempts: 3,
    });
  const generate = async (variants: VariantLetter[], timeoutMs?: number) => {
    const images: GeneratedImage[] = [];
    await provider(timeoutMs).generate(
      { idea: "'Space Meow' cat astronaut", variants, dark: false, transparent: true, seed: 'job-1' },
      async (image) => void images.push(image),
    );
    return images;
  };
  const ok = () => ({ status: 200, body: imageBody(png) });

  it('asks for each variant at the largest documented size of its aspect, transparent PNG, with its own prompt', async () => {
    standIn.onImage = ok;
    const images = await generate(['A', 'B', 'C', 'D']);
    expect(images.map((image) => image.variant).sort()).toEqual(['A', 'B', 'C', 'D']);
    expect((await sharp(images[0].png).metadata()).format).toBe('png');
    const calls = standIn.imageCalls();
    expect(calls).toHaveLength(4);
    expect(calls[0]).toMatchObject({
      auth: 'Bearer sk-test',
      body: { model: 'gpt-image-2.6-sunburst', n: 1, background: 'transparent', output_format: 'png' },
    });
    expect(Object.fromEntries(calls.map((call) => [call.variant, call.body.size]))).toEqual({
      A: '2560x3200',
      B: '2560x3200',
      C: '2880x2880',
      D: '2560x3200',
    });
    expect(new Set(calls.map((call) => call.body.prompt)).size).toBe(4);
    expect(String(calls[0].body.prompt)).toContain('"Space Meow" spelled exactly');
  });

  it("retries a 429 and a 500 after the server's retry-after, then succeeds", async () => {
    standIn.onImage = (_variant, _body, call): StandInReply =>
      call === 1
        ? { status: 429, body: errorBody('Rate limit reached', 'requests', 'rate_limit_exceeded'), headers: { 'retry-after-ms': '20' } }
        : call === 2
          ? { status: 500, body: errorBody('The server had an error', 'server_error', null), headers: { 'retry-after': '0' } }
          : ok();
    expect(await generate(['A'])).toHaveLength(1);
    expect(standIn.imageCalls('A')).toHaveLength(3);
  });

  it('leaves a long retry-after to the job queue: a retryable error that carries the wait', async () => {
    standIn.onImage = () => ({
      status: 429,
      body: errorBody('Rate limit reached', 'requests', 'rate_limit_exceeded'),
      headers: { 'retry-after': '120' },
    });
    await expect(generate(['A'])).rejects.toMatchObject({ retryable: true, kind: 'busy', retryAfterMs: 120_000 });
    expect(standIn.imageCalls('A')).toHaveLength(1);
  });

  it('never retries a request the client timed out (it may still be billed)', async () => {
    standIn.onImage = () => ({ ...ok(), delayMs: 600 });
    await expect(generate(['B'], 200)).rejects.toMatchObject({ message: TIMEOUT_MESSAGE, retryable: false, kind: 'timeout' });
    expect(standIn.imageCalls('B')).toHaveLength(1);
  });

  it('treats insufficient_quota as final: no retry, a clear message, kind quota', async () => {
    standIn.onImage = () => ({
      status: 429,
      body: errorBody(
        'You exceeded your current quota, please check your plan and billing details.',
        'insufficient_quota',
        'insufficient_quota',
      ),
    });
    await expect(generate(['C'])).rejects.toMatchObject({ message: UNAVAILABLE_MESSAGE, retryable: false, kind: 'quota' });
    expect(standIn.imageCalls('C')).toHaveLength(1);
  });

  it('turns moderation_blocked into the clear policy message, not retried', async () => {
    standIn.onImage = () => ({
      status: 400,
      body: errorBody('Your request was rejected by the safety system.', 'image_generation_user_error', 'moderation_blocked'),
    });
    const error = await generate(['D']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ message: POLICY_MESSAGE, retryable: false, kind: 'policy' });
    expect(standIn.imageCalls('D')).toHaveLength(1);
  });

  it('reports a model that is gone clearly, never retrying it', async () => {
    standIn.onImage = () => ({
      status: 404,
      body: errorBody(
        'The model `gpt-image-1.5` does not exist or you do not have access to it.',
        'invalid_request_error',
        'model_not_found',
      ),
    });
    await expect(generate(['A'])).rejects.toMatchObject({ message: UNAVAILABLE_MESSAGE, retryable: false, kind: 'model-gone' });
    expect(standIn.imageCalls('A')).toHaveLength(1);
  });

  it('delivers the variants that succeeded even when one fails for good', async () => {
    standIn.onImage = (variant) =>
      variant === 'B' ? { status: 400, body: errorBody('Invalid size', 'invalid_request_error', 'invalid_value') } : ok();
    const delivered: string[] = [];
    const error = await provider()
      .generate(
        { idea: 'a wave', variants: ['A', 'B', 'C'], dark: false, transparent: true, seed: 's' },
        async (image) => void delivered.push(image.variant),
      )
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ retryable: false });
    expect(delivered.sort()).toEqual(['A', 'C']);
  });

  it('describes an image with the vision model, max_completion_tokens and no reasoning budget', async () => {
    standIn.onChat = () => ({
      status: 200,
      body: {
        choices: [
          { message: { role: 'assistant', content: '"A retro badge of a cat astronaut with the text "Space Meow" in orange and teal"' } },
        ],
      },
    });
    const description = await provider().describe(png, 'image/png');
    expect(description).toBe('A retro badge of a cat astronaut with the text "Space Meow" in orange and teal');
    const [call] = standIn.calls;
    expect(call.path).toBe('/v1/chat/completions');
    expect(call.body).toMatchObject({ model: 'gpt-6-luna', max_completion_tokens: expect.any(Number), reasoning_effort: 'none' });
    expect(call.body).not.toHaveProperty('max_tokens');
    const content = (call.body.messages as Array<{ content: Array<{ type: string; image_url?: { url: string } }> }>)[0].content;
    expect(content[1].image_url!.url.startsWith('data:image/png;base64,')).toBe(true);
  });

  describe('model shutdown watch (GET /v1/models)', () => {
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const watch = (configured: { image: string; vision: string }, registry: Registry) =>
      new ModelWatch(
        new OpenAiClient({ apiKey: 'sk-test', baseUrl: standIn.baseUrl, timeoutMs: 5000 }),
        configured,
        createLogger('generation', 'silent'),
        registry,
      );

    it('warns about a model shutting down within 30 days and exports the days left; a gone model is an error with available 0', async () => {
      standIn.models = [
        { id: 'gpt-image-1.5', object: 'model', created: 1, owned_by: 'system', shutdown_date: inDays(8) },
        { id: 'gpt-image-2.6-sunburst', object: 'model', created: 1, owned_by: 'system', shutdown_date: null },
      ];
      const registry = new Registry();
      const statuses = await watch({ image: 'gpt-image-1.5', vision: 'gpt-4.1-mini' }, registry).check();
      expect(standIn.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /v1/models']);
      expect(statuses.map((status) => [status.role, status.level])).toEqual([
        ['image', 'warn'],
        ['vision', 'error'],
      ]);
      expect(statuses[0].daysLeft).toBeGreaterThanOrEqual(7);
      expect(statuses[0].daysLeft).toBeLessThanOrEqual(8);
      const metrics = await registry.metrics();
      expect(metrics).toMatch(/printloom_openai_model_days_until_shutdown\{role="image",model="gpt-image-1\.5"\} [78]/);
      expect(metrics).toContain('printloom_openai_model_available{role="vision",model="gpt-4.1-mini"} 0');
      expect(metrics).toContain('printloom_openai_model_available{role="image",model="gpt-image-1.5"} 1');
    });

    it('is quiet about the new defaults, which have no shutdown date', async () => {
      standIn.models = [
        { id: 'gpt-image-2.6-sunburst', object: 'model', created: 1, owned_by: 'system', shutdown_date: null },
        { id: 'gpt-6-luna', object: 'model', created: 1, owned_by: 'system' },
      ];
      const statuses = await watch({ image: 'gpt-image-2.6-sunburst', vision: 'gpt-6-luna' }, new Registry()).check();
      expect(statuses.map((status) => status.level)).toEqual(['ok', 'ok']);
    });
  });
});
