import { containerCpus } from '@printloom/service-kit/container-resources';
import { PixelPool, renderDesignsInto } from '@printloom/design-engine';
import sharp from 'sharp';
import { AppError, LIMITS, MESSAGES } from '@printloom/contracts';
import { deriveFromPixels } from '../jobs/variant-files.js';
import type { GeneratedImage, GenerationInput, ImageProvider } from './image-provider.js';

/**
 * The offline provider (the native default): the local design engine composes the 4 variants from the
 * idea, from vectors at print size, seeded by the job id, with no network. Describe is a measured
 * heuristic over the uploaded image.
 */
export class LocalProvider implements ImageProvider {
  readonly name = 'local';
  readonly billable = false;

  /** Print-size pixel buffers reused across variants and jobs (one per variant drawn at once). */
  private readonly pool: PixelPool;

  /**
   * `scale` below 1 renders smaller than print size (tests, quick local runs); `parallel` variants are
   * drawn at once (the container's cores: each holds one print-size buffer, about 100 MB).
   */
  constructor(
    private readonly scale = 1,
    private readonly parallel = Math.min(4, containerCpus()),
  ) {
    this.pool = new PixelPool(parallel);
  }

  async generate(input: GenerationInput, deliver: (image: GeneratedImage) => Promise<void>): Promise<void> {
    // The engine's files are already print files: transparent, centred, sRGB, 300 DPI. Each is handed
    // on as soon as it is drawn, so storing one overlaps drawing the next.
    await renderDesignsInto(
      { prompt: input.idea, dark: input.dark, seed: input.seed, scale: this.scale, variants: input.variants },
      { parallel: this.parallel, pool: this.pool, derive: deriveFromPixels },
      (design) => deliver({ variant: design.variant, png: design.png, printReady: true, derivatives: design.derived }),
    );
  }

  async describe(image: Buffer): Promise<string> {
    // The upload is untrusted: never decode more pixels than an upload may have (the gateway checked too).
    const decode = () => sharp(image, { limitInputPixels: LIMITS.uploadMaxPixels });
    const refuseBombs = (error: unknown): never => {
      throw /pixel limit/i.test((error as Error).message) ? new AppError('PAYLOAD_TOO_LARGE', MESSAGES.imageTooLarge) : error;
    };
    const { width = 1, height = 1, hasAlpha } = await decode().metadata().catch(refuseBombs);
    if (Math.max(width, height) > LIMITS.uploadMaxSide) throw new AppError('PAYLOAD_TOO_LARGE', MESSAGES.imageTooLarge);
    const { dominant, channels } = await decode().stats().catch(refuseBombs);
    const opaque = channels.length < 4 || channels[3].mean > 250;
    const colours = [nameOf(dominant), nameOf({ r: channels[0].mean, g: channels[1]?.mean ?? 0, b: channels[2]?.mean ?? 0 })].filter(
      (name, index, all) => all.indexOf(name) === index,
    );
    const shape = width > height * 1.2 ? 'wide horizontal' : height > width * 1.2 ? 'tall vertical' : 'square';
    const contrast = channels.slice(0, 3).reduce((sum, channel) => sum + channel.stdev, 0) / 3 > 60 ? 'high contrast' : 'soft contrast';
    const background = hasAlpha && !opaque ? 'on a transparent background' : 'on a plain background';
    return `A bold ${shape} print-ready graphic design in ${colours.join(' and ')} tones, ${contrast}, clean vector shapes, centred single design ${background}`;
  }
}

function nameOf({ r, g, b }: { r: number; g: number; b: number }): string {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max - min < 25) return max > 200 ? 'white' : max < 60 ? 'black' : 'grey';
  if (r >= g && r >= b) return g > b + 40 ? (g > 160 ? 'yellow' : 'orange') : b > 120 ? 'pink' : 'red';
  if (g >= r && g >= b) return b > r + 30 ? 'teal' : 'green';
  return r > g + 30 ? 'purple' : 'blue';
}
