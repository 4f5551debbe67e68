import sharp from 'sharp';
import type { VariantLetter } from '@printloom/contracts';
import { quotedTexts } from '../domain/prompt-builder.js';
import type { GeneratedImage, GenerationInput, ImageProvider } from './image-provider.js';
import { choosePalette, designSvg } from './local-designs.js';

const STOP_WORDS = new Set(['a', 'an', 'the', 'with', 'and', 'of', 'in', 'on', 'for', 'to', 'at', 'by', 'design', 'shirt', 't-shirt', 'sticker', 'letters', 'style', 'retro', 'vintage', 'white', 'background']);

/** The slogan (quoted text) or a short title from the idea's first meaningful words. */
export function titleOf(idea: string): { title: string; subtitle: string } {
  const quoted = quotedTexts(idea);
  const words = idea
    .replace(/["“”'][^"“”']*["“”']/g, ' ')
    .split(/[^\p{L}\p{N}-]+/u)
    .filter((word) => word && !STOP_WORDS.has(word.toLowerCase()));
  const title = quoted[0] ?? (words.slice(0, 3).join(' ') || 'Printloom');
  return { title: title.slice(0, 60), subtitle: quoted[1] ?? (quoted[0] ? words.slice(0, 2).join(' ') : '') };
}

/** Print sizes: apparel 4500×5400, the sticker square. `scale` lets tests render small. */
export function canvasOf(variant: VariantLetter, scale: number): { width: number; height: number } {
  const [width, height] = variant === 'C' ? [3000, 3000] : [4500, 5400];
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/**
 * The offline provider (the native default): draws 4 typographic designs in the 4 art directions,
 * straight from vectors at print size, with no network. Describe is a measured heuristic.
 */
export class LocalProvider implements ImageProvider {
  readonly name = 'local';

  constructor(private readonly scale = 1) {}

  async generate(input: GenerationInput): Promise<GeneratedImage[]> {
    const { title, subtitle } = titleOf(input.idea);
    return Promise.all(
      input.prompts.map(async ({ variant }) => {
        const { width, height } = canvasOf(variant, this.scale);
        const palette = choosePalette(input.idea, input.dark, `${input.seed}:${variant}`);
        const svg = designSvg(variant, { title, subtitle, palette, seed: `${input.seed}:${variant}`, width, height });
        return { variant, png: await sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer() };
      }),
    );
  }

  async describe(image: Buffer): Promise<string> {
    const { width = 1, height = 1, hasAlpha } = await sharp(image).metadata();
    const { dominant, channels } = await sharp(image).stats();
    const opaque = channels.length < 4 || channels[3].mean > 250;
    const colours = [nameOf(dominant), nameOf({ r: channels[0].mean, g: channels[1]?.mean ?? 0, b: channels[2]?.mean ?? 0 })].filter((name, index, all) => all.indexOf(name) === index);
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
