import { VARIANT_LETTERS, type VariantLetter } from './art-directions.js';

// The public /examples gallery. The images are rendered offline by the local design engine
// (`npm run examples -w packages/design-engine`) into frontend/public/examples, so this table is the
// single list both the renderer and the page read.
export interface SampleImage {
  variant: VariantLetter;
  /** Path served by the SPA, e.g. /examples/space-meow-A.webp */
  src: string;
}

export interface SamplePrompt {
  id: string;
  niche: string;
  prompt: string;
  images: readonly SampleImage[];
}

function sample(id: string, niche: string, prompt: string): SamplePrompt {
  return {
    id,
    niche,
    prompt,
    images: VARIANT_LETTERS.map((variant) => ({ variant, src: `/examples/${id}-${variant}.webp` })),
  };
}

export const SAMPLE_GALLERY: readonly SamplePrompt[] = [
  sample('space-meow', 'Pets', "a cat astronaut, 'Space Meow' in retro letters"),
  sample('coffee-first', 'Coffee lovers', "'But First, Coffee' with a steaming coffee cup, vintage style"),
  sample('reel-cool-dad', 'Fishing', "fishing dad with a fish, 'Reel Cool Dad' retro sunset"),
  sample('nurse-life', 'Nurses', "'Nurse Life' with a heart and stethoscope, cute kawaii style"),
  sample('mountain-calling', 'Outdoors', "'The Mountains Are Calling' mountain landscape, minimalist"),
  sample('game-on', 'Gaming', "'Game On' with a video game controller, neon colors"),
];
