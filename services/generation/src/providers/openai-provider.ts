import type { GeneratedImage, GenerationInput, ImageProvider } from './image-provider.js';
import { ProviderError } from './image-provider.js';
import { OpenAiClient, type OpenAiClientOptions } from './openai/openai-client.js';
import { requestSizeFor } from './openai/image-size.js';
import { variantPrompt } from './openai/openai-prompts.js';

export { POLICY_MESSAGE } from './openai/openai-client.js';

export interface OpenAiOptions extends OpenAiClientOptions {
  imageModel: string;
  visionModel: string;
}

const DESCRIBE_INSTRUCTIONS =
  'Describe this image as a ready-to-use prompt for generating a print-on-demand design (t-shirt, sticker, mug). ' +
  'One sentence of 15-40 words: the subject, the art style, the colour palette and any text in quotes exactly as written. ' +
  'No preamble, no mention of the photo or mock-up, just the prompt.';

/** The OpenAI Images API (GPT image models answer base64) and a vision chat call for describe. */
export class OpenAiProvider implements ImageProvider {
  readonly name = 'openai';
  readonly billable = true;
  private readonly client: OpenAiClient;

  constructor(private readonly options: OpenAiOptions) {
    this.client = new OpenAiClient(options);
  }

  /** One request per variant, all at once; each image is delivered as it arrives. */
  async generate(input: GenerationInput, deliver: (image: GeneratedImage) => Promise<void>): Promise<void> {
    const results = await Promise.allSettled(
      input.variants.map(async (variant) => {
        const { width, height } = requestSizeFor(variant);
        const body = await this.client.post<{ data?: Array<{ b64_json?: string }> }>('images/generations', {
          model: this.options.imageModel,
          prompt: variantPrompt(input.idea, variant, { dark: input.dark, transparent: input.transparent }),
          n: 1,
          size: `${width}x${height}`,
          quality: 'medium',
          background: input.transparent ? 'transparent' : 'opaque',
          output_format: 'png',
        });
        const b64 = body.data?.[0]?.b64_json;
        if (!b64) throw new ProviderError('The image provider returned no image. Please try again.', true, 'unavailable');
        await deliver({ variant, png: Buffer.from(b64, 'base64') });
      }),
    );
    const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
    // The final failure wins over a retryable one: retrying cannot fix a refused prompt.
    if (failures.length > 0) throw failures.find((error) => !(error instanceof ProviderError) || !error.retryable) ?? failures[0];
  }

  async describe(image: Buffer, mimeType: string): Promise<string> {
    const body = await this.client.post<{ choices?: Array<{ message?: { content?: string } }> }>('chat/completions', {
      model: this.options.visionModel,
      // Reasoning models count their hidden reasoning in this budget: keep reasoning off for one sentence.
      max_completion_tokens: 400,
      reasoning_effort: 'none',
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
    if (!text) throw new ProviderError('The image provider returned no description. Please try again.', true, 'unavailable');
    return text.replace(/^["']|["']$/g, '');
  }
}
