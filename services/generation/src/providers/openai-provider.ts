import type { GeneratedImage, GenerationInput, ImageProvider } from './image-provider.js';
import { ProviderError } from './image-provider.js';

export interface OpenAiOptions {
  apiKey: string;
  baseUrl: string;
  imageModel: string;
  visionModel: string;
  timeoutMs: number;
  /** First retry delay on 429/5xx; doubles each time. */
  retryBaseMs?: number;
  maxAttempts?: number;
}

interface OpenAiErrorBody {
  error?: { message?: string; type?: string; code?: string | null };
}

const POLICY_CODES = new Set(['content_policy_violation', 'moderation_blocked', 'image_generation_user_error']);
export const POLICY_MESSAGE = "Your prompt was rejected by the image provider's safety system. Please rephrase it.";

const DESCRIBE_INSTRUCTIONS =
  'Describe this image as a ready-to-use prompt for generating a print-on-demand design (t-shirt, sticker, mug). ' +
  'One sentence of 15-40 words: the subject, the art style, the colour palette and any text in quotes exactly as written. ' +
  'No preamble, no mention of the photo or mock-up, just the prompt.';

/** The OpenAI Images API (GPT image models answer base64) and a vision chat call for describe. */
export class OpenAiProvider implements ImageProvider {
  readonly name = 'openai';

  constructor(private readonly options: OpenAiOptions) {}

  async generate(input: GenerationInput): Promise<GeneratedImage[]> {
    return Promise.all(
      input.prompts.map(async ({ variant, prompt }) => {
        const body = await this.call<{ data?: Array<{ b64_json?: string }> }>('/images/generations', {
          model: this.options.imageModel,
          prompt,
          n: 1,
          size: '1024x1536',
          quality: 'medium',
          background: input.transparent ? 'transparent' : 'opaque',
          output_format: 'png',
        });
        const b64 = body.data?.[0]?.b64_json;
        if (!b64) throw new ProviderError('The image provider returned no image. Please try again.', true);
        return { variant, png: Buffer.from(b64, 'base64') };
      }),
    );
  }

  async describe(image: Buffer, mimeType: string): Promise<string> {
    const body = await this.call<{ choices?: Array<{ message?: { content?: string } }> }>('/chat/completions', {
      model: this.options.visionModel,
      max_tokens: 200,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: DESCRIBE_INSTRUCTIONS },
            { type: 'image_url', image_url: { url: `data:${mimeType};base64,${image.toString('base64')}` } },
          ],
        },
      ],
    });
    const text = body.choices?.[0]?.message?.content?.trim();
    if (!text) throw new ProviderError('The image provider returned no description. Please try again.', true);
    return text.replace(/^["']|["']$/g, '');
  }

  /** POST with a timeout; 429 and 5xx are retried with back-off, other errors become clear messages. */
  private async call<T>(path: string, payload: unknown): Promise<T> {
    const maxAttempts = this.options.maxAttempts ?? 3;
    for (let attempt = 1; ; attempt += 1) {
      let response: Response;
      try {
        response = await fetch(`${this.options.baseUrl.replace(/\/$/, '')}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${this.options.apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify(payload),
          signal: AbortSignal.timeout(this.options.timeoutMs),
        });
      } catch (error) {
        if (attempt < maxAttempts) {
          await this.backoff(attempt);
          continue;
        }
        const timedOut = (error as Error).name === 'TimeoutError';
        throw new ProviderError(timedOut ? 'The image provider took too long to answer. Please try again.' : 'Could not reach the image provider. Please try again.', true);
      }
      if (response.ok) return (await response.json()) as T;
      const body = (await response.json().catch(() => ({}))) as OpenAiErrorBody;
      if ((response.status === 429 || response.status >= 500) && attempt < maxAttempts) {
        await this.backoff(attempt, Number(response.headers.get('retry-after')) * 1000 || undefined);
        continue;
      }
      throw this.translate(response.status, body);
    }
  }

  private translate(status: number, body: OpenAiErrorBody): ProviderError {
    const code = body.error?.code ?? '';
    if (POLICY_CODES.has(code) || /safety system|content policy/i.test(body.error?.message ?? '')) return new ProviderError(POLICY_MESSAGE, false);
    if (status === 429) return new ProviderError('The image provider is busy right now. Please try again in a minute.', true);
    if (status === 401 || status === 403) return new ProviderError('The image provider refused our credentials. Please contact support.', false);
    if (status >= 500) return new ProviderError('The image provider is having trouble. Please try again.', true);
    return new ProviderError(`The image provider could not make this image: ${body.error?.message ?? `HTTP ${status}`}`, false);
  }

  private backoff(attempt: number, hintMs?: number): Promise<void> {
    const ms = hintMs ?? (this.options.retryBaseMs ?? 1000) * 2 ** (attempt - 1);
    return new Promise((resolve) => setTimeout(resolve, Math.min(ms, 30_000)));
  }
}
