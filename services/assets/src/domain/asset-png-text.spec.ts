import { describe, expect, it } from '@jest/globals';
import { pngTextOf, titleOf } from './asset-png-text.js';

describe('the text a PNG carries', () => {
  it('titles a design by its slogan, or by the prompt when nothing is quoted', () => {
    expect(titleOf("a cat astronaut, 'Space Meow' in retro letters")).toBe('Space Meow');
    expect(titleOf('“Dog Mom” with a cute puppy')).toBe('Dog Mom');
    expect(titleOf('a majestic lion wearing a crown')).toBe('a majestic lion wearing a crown');
  });

  it('names the prompt, the software, the creation time, the job and the variant', () => {
    const text = pngTextOf({
      prompt: "'Howdy' cowboy",
      jobId: '6c1f3c1e-8d52-4c8f-9d1a-3f3b0c8f3e21',
      variant: 'B',
      createdAt: new Date('2026-11-23T18:00:00Z'),
    });
    expect(text).toEqual({
      Title: 'Howdy',
      Description: "'Howdy' cowboy",
      Software: 'Printloom',
      'Creation Time': 'Mon, 23 Nov 2026 18:00:00 GMT',
      'Job ID': '6c1f3c1e-8d52-4c8f-9d1a-3f3b0c8f3e21',
      Variant: 'B',
    });
    expect(pngTextOf({ prompt: 'x', jobId: null, variant: null, createdAt: new Date() })).not.toHaveProperty('Job ID');
  });
});
