import { describe, expect, it } from '@jest/globals';
import { findIllustration, findIllustrations } from './emoji-index.js';

describe('emoji lookup by keyword', () => {
  it('finds the obvious object, not a lookalike', () => {
    expect(findIllustration('coffee', 'noto')?.name).toBe('hot-beverage');
    expect(findIllustration('rocket', 'noto')?.name).toBe('rocket');
    expect(findIllustration('skull', 'fluent-emoji-flat')?.name).toBe('skull');
    expect(findIllustration('mountain', 'noto')?.name).toBe('snow-capped-mountain');
    expect(findIllustration('cat', 'fluent-emoji-flat')?.name).toBe('cat-face');
  });

  it('finds words through emojilib keywords and plurals', () => {
    expect(findIllustration('lion', 'noto')?.name).toBe('lion');
    expect(findIllustration('tacos', 'noto')?.name).toBe('taco');
    expect(findIllustration('penguins', 'noto')?.name).toBe('penguin');
  });

  it('finds nothing for words no emoji stands for', () => {
    expect(findIllustration('okayest', 'noto')).toBeUndefined();
    expect(findIllustration('zxqv', 'fluent-emoji-flat')).toBeUndefined();
  });

  it('ranks words that name an object before loose keyword matches and drops duplicates', () => {
    const names = findIllustrations(['steaming', 'coffee', 'cup', 'latte'], 'noto').map((illustration) => illustration.name);
    expect(names[0]).toBe('hot-beverage');
    expect(new Set(names).size).toBe(names.length);
  });

  it('keeps the typed order between equally good words', () => {
    expect(findIllustrations(['cat', 'astronaut'], 'noto').map((illustration) => illustration.name)).toEqual(['cat-face', 'astronaut']);
  });
});
