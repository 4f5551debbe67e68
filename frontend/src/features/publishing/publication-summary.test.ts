import { describe, expect, it } from 'vitest';
import { countsByDesign, designsWithDraftOf } from './publication-summary';

const design = (assetId: string, ...templates: Array<[string, 'draft' | 'published' | null, boolean]>) => ({
  assetId,
  templates: templates.map(([templateId, state, draftInCurrentShop]) => ({ templateId, state, draftInCurrentShop })),
});

describe('publications summed up per design', () => {
  it('counts templates by their state: a draft, a published one, a failed one left out', () => {
    const counts = countsByDesign([
      design('a', ['tee', 'draft', true], ['mug', 'published', false], ['tote', null, false]),
      design('b', ['tee', null, false]),
      design('c', ['hoodie', 'draft', false]),
      design('d'),
    ]);
    expect(counts.get('a')).toEqual({ drafts: 1, published: 1 });
    expect(counts.has('b')).toBe(false);
    expect(counts.get('c')).toEqual({ drafts: 1, published: 0 });
    expect(counts.has('d')).toBe(false);
  });

  it('finds the selected designs with a draft of the template in the current shop only, as publishing skips them', () => {
    const designs = [
      design('a', ['tee', 'draft', true]),
      design('b', ['tee', 'draft', false]), // a draft in a shop no longer connected: a new one is made
      design('c', ['mug', 'draft', true]),
      design('d', ['tee', 'published', true]),
      design('e', ['tee', null, true]), // failed after its product was made: publishing answers it as it is
    ];
    expect([...designsWithDraftOf(designs, 'tee', ['a', 'b', 'c', 'd', 'e'])].sort()).toEqual(['a', 'd', 'e']);
    expect([...designsWithDraftOf(designs, 'tee', ['b', 'c'])]).toEqual([]);
  });
});
