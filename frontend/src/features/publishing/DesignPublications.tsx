import type { ReactNode } from 'react';
import { ExternalLink } from 'lucide-react';
import type { Publication } from '@printloom/contracts/publishing.schemas';
import { STATUS_LABELS, useDesignPublications, useTemplates } from './api/publishing';
import { PublishControls } from './PublishControls';

/**
 * A design's publications where the design is shown (the lightbox): each with its template, its status,
 * "Open in Printify", "Publish" for a draft (or a failed publish) and "View listing" once published.
 * `actions` adds a caller's own controls beside them.
 */
export function DesignPublications({ assetId, actions }: { assetId: string; actions?: (publication: Publication) => ReactNode }) {
  const publications = useDesignPublications(assetId);
  const templates = useTemplates();
  const rows = (publications.data?.publications ?? []).filter((publication) => publication.assetId === assetId);
  if (rows.length === 0) return null;
  const templateName = (id: string) => templates.data?.templates.find((template) => template.id === id)?.name ?? id;
  return (
    <section aria-label="Printify drafts of this design" className="px-4 pb-3 text-sm text-white">
      <h2 className="mb-1 font-semibold">Printify</h2>
      <ul className="flex flex-wrap gap-2">
        {rows.map((publication) => (
          <li
            key={publication.id}
            data-status={publication.status}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-white/10 px-3 py-2"
          >
            <span className="font-medium">{templateName(publication.templateId)}</span>
            <span className="text-zinc-200">{STATUS_LABELS[publication.status]}</span>
            {publication.productUrl && (
              <a href={publication.productUrl} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 underline">
                Open in Printify <ExternalLink className="size-3.5" aria-hidden />
                <span className="sr-only">({templateName(publication.templateId)}, opens in a new tab)</span>
              </a>
            )}
            <PublishControls
              publication={publication}
              name={templateName(publication.templateId)}
              linkClassName="inline-flex items-center gap-1 underline"
            />
            {actions?.(publication)}
          </li>
        ))}
      </ul>
    </section>
  );
}
