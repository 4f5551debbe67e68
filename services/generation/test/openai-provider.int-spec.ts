import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { buildVariantPrompts } from '../src/domain/prompt-builder.js';
import { OpenAiProvider, POLICY_MESSAGE } from '../src/providers/openai-provider.js';
import { ProviderError } from '../src/providers/image-provider.js';

/** A stand-in that answers like the OpenAI API, error shapes included; each test scripts its answers. */
describe('OpenAI provider against a stand-in API server', () => {
  let server: http.Server;
  let baseUrl: string;
  let script: Array<(body: Record<string, unknown>) => [number, unknown]> = [];
  const received: Array<{ path: string; auth: string | undefined; body: Record<string, unknown> }> = [];
  let png: string;

  beforeAll(async () => {
    png = (await sharp({ create: { width: 64, height: 96, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 1 } } }).png().toBuffer()).toString('base64');
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        const body = JSON.parse(raw || '{}');
        received.push({ path: req.url!, auth: req.headers.authorization, body });
        const next = script.shift() ?? (() => [500, { error: { message: 'unscripted', type: 'server_error', code: null } }]);
        const [status, answer] = next(body);
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const provider = () => new OpenAiProvider({ apiKey: 'sk-test', baseUrl, imageModel: 'gpt-image-1.5', visionModel: 'gpt-4.1-mini', timeoutMs: 5000, retryBaseMs: 10, maxAttempts: 3 });
  const input = () => {
    const idea = "'Space Meow' cat astronaut";
    return { idea, prompts: buildVariantPrompts(idea, { dark: false, transparent: true }), dark: false, transparent: true, seed: 'job-1' };
  };
  const image = () => [200, { created: 1, data: [{ b64_json: png }] }] as [number, unknown];

  it('asks for one transparent PNG per variant prompt and decodes the base64 answers', async () => {
    received.length = 0;
    script = [image, image, image, image];
    const images = await provider().generate(input());
    expect(images.map((result) => result.variant).sort()).toEqual(['A', 'B', 'C', 'D']);
    expect((await sharp(images[0].png).metadata()).format).toBe('png');
    expect(received).toHaveLength(4);
    expect(received[0]).toMatchObject({ path: '/v1/images/generations', auth: 'Bearer sk-test', body: { model: 'gpt-image-1.5', n: 1, background: 'transparent', output_format: 'png' } });
    expect(new Set(received.map((call) => call.body.prompt)).size).toBe(4);
  });

  it('retries a 429 and a 500 with back-off, then succeeds', async () => {
    const busy = () => [429, { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } }] as [number, unknown];
    const broken = () => [500, { error: { message: 'The server had an error', type: 'server_error', code: null } }] as [number, unknown];
    script = [busy, broken, image];
    const images = await provider().generate({ ...input(), prompts: input().prompts.slice(0, 1) });
    expect(images).toHaveLength(1);
  });

  it('turns a content-policy refusal into a clear, final message', async () => {
    script = [() => [400, { error: { message: 'Your request was rejected as a result of our safety system.', type: 'image_generation_user_error', code: 'moderation_blocked' } }]];
    const error = await provider().generate({ ...input(), prompts: input().prompts.slice(0, 1) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ message: POLICY_MESSAGE, retryable: false });
  });

  it('gives up on a provider that keeps failing, with a retryable error', async () => {
    const broken = () => [503, { error: { message: 'overloaded', type: 'server_error', code: null } }] as [number, unknown];
    script = [broken, broken, broken];
    await expect(provider().generate({ ...input(), prompts: input().prompts.slice(0, 1) })).rejects.toMatchObject({ message: 'The image provider is having trouble. Please try again.', retryable: true });
  });

  it('describes an image with a vision chat call', async () => {
    received.length = 0;
    script = [() => [200, { choices: [{ message: { role: 'assistant', content: '"A retro badge of a cat astronaut with the text "Space Meow" in orange and teal"' } }] }]];
    const description = await provider().describe(Buffer.from(png, 'base64'), 'image/png');
    expect(description).toBe('A retro badge of a cat astronaut with the text "Space Meow" in orange and teal');
    const content = (received[0].body.messages as Array<{ content: Array<{ type: string; image_url?: { url: string } }> }>)[0].content;
    expect(received[0].path).toBe('/v1/chat/completions');
    expect(content[1].image_url!.url.startsWith('data:image/png;base64,')).toBe(true);
  });
});
