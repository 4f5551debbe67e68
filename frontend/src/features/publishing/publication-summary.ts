// A design's publications, summed up where the design is shown, from publishing's summary of the designs
// on screen (GET /api/publications/summary): its card badge counts the templates it has a draft of and is
// published with; the drafts dialog finds the designs that already have a draft in the current shop.
import type { PublicationSummaryReply } from '@printloom/contracts/publishing.schemas';

/** Templates a design has a draft of (not yet published), and templates it is published with. */
export interface PublicationCounts {
  drafts: number;
  published: number;
}

type DesignSummary = PublicationSummaryReply['designs'][number];

/** Per design, counted per template over every shop (publishing sums a template's drafts up once). */
export function countsByDesign(designs: readonly DesignSummary[]): Map<string, PublicationCounts> {
  const counts = new Map<string, PublicationCounts>();
  for (const design of designs) {
    const drafts = design.templates.filter((template) => template.state === 'draft').length;
    const published = design.templates.filter((template) => template.state === 'published').length;
    if (drafts + published > 0) counts.set(design.assetId, { drafts, published });
  }
  return counts;
}

/**
 * Of these designs, those that already have a draft of the template in the shop drafts go to now: the
 * designs creating drafts skips (publishing's own rule, so the dialog's count and the reply agree). A
 * draft made in a shop no longer connected does not count: a new one is made in the current shop.
 */
export function designsWithDraftOf(designs: readonly DesignSummary[], templateId: string, assetIds: readonly string[]): Set<string> {
  const wanted = new Set(assetIds);
  return new Set(
    designs
      .filter(
        (design) =>
          wanted.has(design.assetId) &&
          design.templates.some((template) => template.templateId === templateId && template.draftInCurrentShop),
      )
      .map((design) => design.assetId),
  );
}
