import sharp from 'sharp';
import { ProviderError, type GeneratedImage, type GenerationInput, type ImageProvider } from '../../src/providers/image-provider.js';

/**
 * A provider whose jobs take a set time and leave a trace: when each job (by its seed, the job id)
 * started drawing, and how many times it was drawn. Prompts containing `failWord` fail for good.
 */
export class TimedProvider implements ImageProvider {
  readonly name = 'timed';
  readonly billable = false;
  readonly starts = new Map<string, number>();
  readonly draws = new Map<string, number>();
  private png: Buffer | null = null;

  constructor(
    public delayMs = 300,
    private readonly failWord = 'FAIL-ME',
  ) {}

  async generate(input: GenerationInput, deliver: (image: GeneratedImage) => Promise<void>): Promise<void> {
    if (!this.starts.has(input.seed)) this.starts.set(input.seed, Date.now());
    this.draws.set(input.seed, (this.draws.get(input.seed) ?? 0) + 1);
    await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (input.idea.includes(this.failWord)) throw new ProviderError('The image provider refused this prompt.', false, 'policy');
    this.png ??= await sharp({ create: { width: 80, height: 96, channels: 4, background: { r: 20, g: 90, b: 200, alpha: 1 } } })
      .png()
      .toBuffer();
    for (const variant of input.variants) await deliver({ variant, png: this.png });
  }

  async describe(): Promise<string> {
    return 'a picture';
  }
}
