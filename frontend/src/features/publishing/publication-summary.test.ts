import { describe, expect, it } from 'vitest';
import { countsByDesign, designsWithDraftOf } from './publication-summary';

const row = (assetId: string, templateId: string, status: Parameters<typeof countsByDesign>[0][number]['status']) => ({
  assetId,
  templateId,
  status,
});

describe('publications summed up per design', () => {
  it('counts templates, not rows: drafts of two templates, one of them published, a failed one left out', () => {
    const counts = countsByDesign([
      row('a', 'tee', 'draft_created'),
      row('a', 'tee', 'queued'),
      row('a', 'mug', 'published'),
      row('a', 'tote', 'failed'),
      row('b', 'tee', 'failed'),
      row('c', 'hoodie', 'needs_review'),
    ]);
    expect(counts.get('a')).toEqual({ drafts: 1, published: 1 });
    expect(counts.has('b')).toBe(false);
    expect(counts.get('c')).toEqual({ drafts: 1, published: 0 });
  });

  it('finds the selected designs that already have a live draft of the chosen template', () => {
    const publications = [
      row('a', 'tee', 'draft_created'),
      row('b', 'tee', 'failed'),
      row('c', 'mug', 'draft_created'),
      row('d', 'tee', 'published'),
    ];
    expect([...designsWithDraftOf(publications, 'tee', ['a', 'b', 'c', 'd'])].sort()).toEqual(['a', 'd']);
    expect([...designsWithDraftOf(publications, 'tee', ['b', 'c'])]).toEqual([]);
  });
});
