import { VARIANT_LETTERS, type VariantLetter } from './art-directions.js';

// The public /examples gallery. The images are rendered offline by the local design engine
// (`npm run examples -w packages/design-engine`) into frontend/public/media/examples, so this table is the
// single list both the renderer and the page read.
export interface SampleImage {
  variant: VariantLetter;
  /** Path served by the SPA, e.g. /media/examples/space-meow-A.webp */
  src: string;
}

export interface SamplePrompt {
  id: string;
  /** The niche it sells in, shown as the badge (`category`). */
  category: string;
  prompt: string;
  /** One line on who buys it and why the four variants suit them. */
  description: string;
  images: readonly SampleImage[];
}

function sample(id: string, category: string, prompt: string, description: string): SamplePrompt {
  return {
    id,
    category,
    prompt,
    description,
    images: VARIANT_LETTERS.map((variant) => ({ variant, src: `/media/examples/${id}-${variant}.webp` })),
  };
}

export const SAMPLE_GALLERY: readonly SamplePrompt[] = [
  sample(
    'space-meow',
    'Pets',
    "a cat astronaut, 'Space Meow' in retro letters",
    'Cat people buy cat shirts: a quoted slogan, a subject and a style word are all it takes.',
  ),
  sample(
    'coffee-first',
    'Coffee lovers',
    "'But First, Coffee' with a steaming coffee cup, vintage style",
    'A best-selling mug and tee niche; the vintage treatment reads well on dark garments.',
  ),
  sample(
    'reel-cool-dad',
    'Fishing',
    "fishing dad with a fish, 'Reel Cool Dad' retro sunset",
    "Father's Day evergreen: pun slogan, retro sunset, made for dad gifts.",
  ),
  sample(
    'nurse-life',
    'Nurses',
    "'Nurse Life' with a heart and stethoscope, cute kawaii style",
    'Nurses Week and everyday scrubs-life gifts, in a soft kawaii look for stickers and mugs.',
  ),
  sample(
    'mountain-calling',
    'Outdoors',
    "'The Mountains Are Calling' mountain landscape, minimalist",
    'Outdoor and travel buyers: clean minimalist lines that print on any colour.',
  ),
  sample(
    'game-on',
    'Gaming',
    "'Game On' with a video game controller, neon colors",
    'Gamers and streamers: neon colours that pop on black hoodies.',
  ),
];
