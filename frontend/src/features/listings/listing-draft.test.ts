import { describe, expect, it } from 'vitest';
import { addTags, changedFields, counterText, limitsOf, messagesByField } from './listing-draft';

const draft = { title: 'Space Meow Cat Tee', tags: ['space cat'], description: 'Made with AI assistance.', bullets: [], brand: '' };

describe('the listing draft', () => {
  it('counts characters against the marketplace limit', () => {
    expect(counterText('Space Meow', limitsOf('etsy').title)).toBe('10 of 140 characters');
    expect(counterText('Space Meow', limitsOf('merch').title)).toBe('10 of 60 characters');
  });

  it("names each field's first broken rule with the shared validators", () => {
    const messages = messagesByField('merch', { ...draft, title: 'x'.repeat(61), description: 'Best seller!' });
    expect(messages.title).toMatch(/61 characters; at most 60/);
    expect(messages.description).toMatch(/promotional/);
    expect(messagesByField('etsy', { ...draft, tags: ['a tag that is far too long'] }).tags).toBeTruthy();
  });

  it('adds comma-separated tags once, case aside', () => {
    expect(addTags(['space cat'], ' Space Cat, retro   tee ,, ')).toEqual(['space cat', 'retro tee']);
  });

  it('sends only the fields that changed', () => {
    expect(changedFields(draft, { ...draft, title: 'New title', tags: ['space cat'] })).toEqual({ title: 'New title' });
    expect(changedFields(draft, { ...draft, tags: [] })).toEqual({ tags: [] });
  });
});
