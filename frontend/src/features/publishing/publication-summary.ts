// A design's publications, summed up where the design is shown: its card badge counts the templates it
// has a draft of and is published with; the drafts dialog finds the designs that already have a draft.
import type { Publication } from '@printloom/contracts/publishing.schemas';
import { designStateOf } from '@printloom/contracts/publication-states';

/** Templates a design has a draft of (not yet published), and templates it is published with. */
export interface PublicationCounts {
  drafts: number;
  published: number;
}

type Row = Pick<Publication, 'assetId' | 'templateId' | 'status'>;

/** Per design, counted per template (a design drafted twice for one template, through two connections, counts once). */
export function countsByDesign(publications: readonly Row[]): Map<string, PublicationCounts> {
  const templates = new Map<string, { drafts: Set<string>; published: Set<string> }>();
  for (const publication of publications) {
    const state = designStateOf(publication.status);
    if (!state) continue;
    const entry = templates.get(publication.assetId) ?? { drafts: new Set<string>(), published: new Set<string>() };
    (state === 'published' ? entry.published : entry.drafts).add(publication.templateId);
    templates.set(publication.assetId, entry);
  }
  const counts = new Map<string, PublicationCounts>();
  for (const [assetId, entry] of templates) {
    const drafts = [...entry.drafts].filter((templateId) => !entry.published.has(templateId)).length;
    counts.set(assetId, { drafts, published: entry.published.size });
  }
  return counts;
}

/** Of these designs, those with a live publication (a draft, one on its way, or published) of the template. */
export function designsWithDraftOf(publications: readonly Row[], templateId: string, assetIds: readonly string[]): Set<string> {
  const wanted = new Set(assetIds);
  return new Set(
    publications
      .filter(
        (publication) => publication.templateId === templateId && wanted.has(publication.assetId) && designStateOf(publication.status),
      )
      .map((publication) => publication.assetId),
  );
}
