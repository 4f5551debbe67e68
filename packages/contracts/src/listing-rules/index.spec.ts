import { describe, expect, it } from '@jest/globals';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LISTING_TARGETS, validateListing, type ListingCopy } from './index.js';

const copy: ListingCopy = {
  title: 'Cat Tee',
  tags: ['cat'],
  description: 'A cat. Designed by us with AI assistance.',
  bullets: [],
  brand: 'Cat Co',
};

describe('the listing validators', () => {
  it('have one validator per target', () => {
    for (const target of LISTING_TARGETS) expect(validateListing(target, copy)).toEqual([]);
  });

  it('keep generic listings within their limits: 13 unique tags on a generated one', () => {
    expect(validateListing('generic', { ...copy, tags: ['a', 'b'] }, { generated: true }).map((problem) => problem.rule)).toEqual([
      'count',
    ]);
    expect(validateListing('generic', { ...copy, title: 'x'.repeat(141) }).map((problem) => problem.rule)).toEqual(['max-length']);
    expect(validateListing('generic', { ...copy, tags: ['a', 'A'] }).map((problem) => problem.rule)).toEqual(['unique']);
  });

  it('import no zod, so that the SPA can load them without growing its bundle', () => {
    const folder = fileURLToPath(new URL('.', import.meta.url));
    for (const file of readdirSync(folder).filter((name) => name.endsWith('.ts') && !name.endsWith('.spec.ts')))
      expect({ file, zod: /from 'zod'/.test(readFileSync(`${folder}/${file}`, 'utf8')) }).toEqual({ file, zod: false });
  });
});
