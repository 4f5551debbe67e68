import { describe, expect, it } from '@jest/globals';
import { ART_DIRECTIONS } from '@printloom/contracts';
import { buildVariantPrompts, variantPrompt } from './openai-prompts.js';

describe('variant prompts', () => {
  const prompts = buildVariantPrompts(`a cat astronaut, 'Space Meow' in retro letters`, { dark: false, transparent: true });

  it('are 4 distinct art directions A-D', () => {
    expect(prompts.map((prompt) => prompt.variant)).toEqual(['A', 'B', 'C', 'D']);
    expect(new Set(prompts.map((prompt) => prompt.prompt)).size).toBe(4);
    prompts.forEach((prompt, index) => expect(prompt.prompt).toContain(ART_DIRECTIONS[index].prompt));
  });

  it('carry every print constraint and the exact spelling of the slogan', () => {
    for (const { prompt } of prompts) {
      expect(prompt).toContain('a cat astronaut');
      expect(prompt).toContain('"Space Meow" spelled exactly');
      expect(prompt).toContain('single isolated design centred');
      expect(prompt).toContain('no mock-up');
      expect(prompt).toContain('high contrast');
      expect(prompt).toContain('limited colour palette');
      expect(prompt).toContain('no trademarks');
      expect(prompt).toContain('transparent background');
    }
  });

  it('follow the garment colour', () => {
    expect(buildVariantPrompts('a mountain', { dark: true, transparent: true })[0].prompt).toContain('black shirt');
    expect(buildVariantPrompts('a mountain', { dark: false, transparent: false })[0].prompt).toContain('plain solid background');
  });

  it('take new directions as data', () => {
    const custom = [{ variant: 'A' as const, id: 'neon', name: 'Neon', prompt: 'glowing neon tubes' }];
    expect(buildVariantPrompts('a wave', { dark: true, transparent: true }, custom)).toEqual([
      { variant: 'A', directionId: 'neon', prompt: expect.stringContaining('glowing neon tubes') },
    ]);
  });
});

describe('one variant prompt', () => {
  it('is the same words as that variant in the full set', () => {
    const options = { dark: true, transparent: false };
    const all = buildVariantPrompts("'Night Shift' nurse badge", options);
    expect(variantPrompt("'Night Shift' nurse badge", 'C', options)).toBe(all[2].prompt);
  });
});
