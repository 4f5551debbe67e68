import { describe, expect, it } from '@jest/globals';
import { fieldsHolding, holdsPhrase, withoutPhrase, withoutPhraseInTitleAndTags } from './phrases.js';

describe('a flagged phrase in listing copy', () => {
  it('is found as whole words whatever the case and punctuation, and never inside another word', () => {
    expect(holdsPhrase('JUST DO IT! Running Tee', 'just do it')).toBe(true);
    expect(holdsPhrase('Spider-Man fan tee', 'spider man')).toBe(true);
    expect(holdsPhrase('Just doing it', 'just do it')).toBe(false);
    expect(holdsPhrase('Adidasque stripes', 'adidas')).toBe(false);
  });

  it('is removed with the words that hold it, the rest of the text kept', () => {
    expect(withoutPhrase('Just Do It Running Shoes Tee', 'just do it')).toBe('Running Shoes Tee');
    expect(withoutPhrase('Spider-Man fan tee', 'man')).toBe('fan tee');
    expect(withoutPhrase('Cat astronaut tee', 'nike')).toBe('Cat astronaut tee');
  });

  it('names the fields that hold it, and leaves the description when removed from title and tags', () => {
    const copy = {
      title: 'Just Do It Tee',
      tags: ['just do it', 'running'],
      description: '"Just Do It": a running design.',
      bullets: [],
      brand: '',
    };
    expect(fieldsHolding(copy, 'just do it')).toEqual(['title', 'tags', 'description']);
    const removed = withoutPhraseInTitleAndTags(copy, 'just do it');
    expect(removed).toEqual({ ...copy, title: 'Tee', tags: ['running'] });
    expect(fieldsHolding(removed, 'just do it')).toEqual(['description']);
  });
});
