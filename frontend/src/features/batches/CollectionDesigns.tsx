import { useState, type ReactNode } from 'react';
import { apiUrl } from '../../lib/api-client';
import { Button } from '../../components/ui/button';
import type { Batch } from './api/batches';

/** Designs shown before "Show all": a first screen of a collection of up to 800. */
const FIRST_SHOWN = 24;

const thumbnailUrl = (assetId: string) =>
  apiUrl('downloadAsset', { params: { id: assetId }, query: { variant: 'original', size: 'thumbnail' } });

/** A collection's designs as a grid, in row order, each with its badge (the library's quality badge, naming the failed checks). */
export function CollectionDesigns({ rows, badgeOf }: { rows: Batch['rows']; badgeOf: (assetId: string) => ReactNode }) {
  const [showAll, setShowAll] = useState(false);
  const designs = rows.flatMap((row) => row.assetIds.map((assetId) => ({ assetId, prompt: row.prompt })));
  if (designs.length === 0) return null;
  const shown = showAll ? designs : designs.slice(0, FIRST_SHOWN);
  return (
    <section aria-label="Designs of this collection" className="space-y-3">
      <h2 className="text-lg font-semibold">
        Designs <span className="text-sm font-normal text-muted">({designs.length})</span>
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
        {shown.map(({ assetId, prompt }) => (
          <li key={assetId} className="overflow-hidden rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
            <img
              src={thumbnailUrl(assetId)}
              alt={prompt}
              loading="lazy"
              decoding="async"
              className="aspect-square w-full bg-zinc-200 object-contain dark:bg-zinc-800"
            />
            <div className="flex min-h-9 items-center px-2 py-1">{badgeOf(assetId)}</div>
          </li>
        ))}
      </ul>
      {designs.length > shown.length && (
        <Button variant="outline" onClick={() => setShowAll(true)}>
          Show all {designs.length} designs
        </Button>
      )}
    </section>
  );
}
