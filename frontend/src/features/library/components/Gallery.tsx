import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { Asset } from '@printloom/contracts/assets.schemas';
import { ImageIcon, Loader2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { AssetCard, SkeletonCard, type AssetCardHandlers, type CardLayout } from './AssetCard';
import type { PublicationCounts } from './asset-display';
import { useColumns } from '../hooks/use-columns';
import { nextCardIndex } from './gallery-keys';
import { useInfiniteScroll } from '../hooks/use-infinite-scroll';

export interface GalleryProps {
  assets: readonly Asset[];
  selectedIds: ReadonlySet<string>;
  layout: CardLayout;
  handlers: AssetCardHandlers;
  skeletons: number;
  loading: boolean;
  filtered: boolean;
  error: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** Each design's publications, counted per template (the cards' Draft / Published badges). */
  publications?: ReadonlyMap<string, PublicationCounts>;
}

type Cell = { kind: 'skeleton'; key: string } | { kind: 'asset'; key: string; asset: Asset; index: number };

/**
 * The library, windowed: only the rows near the viewport are in the DOM, so a library of thousands of
 * images scrolls like one of a few dozen. The last card, when rendered, drives the infinite scroll.
 */
export function Gallery({
  assets,
  selectedIds,
  layout,
  handlers,
  skeletons,
  loading,
  filtered,
  error,
  hasMore,
  loadingMore,
  onLoadMore,
  publications,
}: GalleryProps) {
  const columns = useColumns(layout);
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // A card the arrow keys moved to that was outside the rendered rows: focused once it renders.
  const pendingFocus = useRef<number | null>(null);
  // Measured after every render on purpose (what sits above the list can change height); the guard ends it.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const top = (listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
    if (Math.abs(top - scrollMargin) > 1) setScrollMargin(top);
    if (pendingFocus.current !== null && focusCard(pendingFocus.current)) pendingFocus.current = null;
  });

  function focusCard(index: number): boolean {
    const card = listRef.current?.querySelector<HTMLElement>(`[data-card-index="${index}"]`);
    card?.focus();
    return Boolean(card);
  }

  /** On a card's image: arrows move between cards, Space selects (Shift+Space a range), Enter opens. */
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const raw = (event.target as HTMLElement).dataset.cardIndex;
    if (raw === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    const index = Number(raw);
    if (event.key === ' ') {
      event.preventDefault();
      handlers.onSelect(index, event.shiftKey);
      return;
    }
    const next = nextCardIndex(event.key, index, assets.length, columns);
    if (next === null) return;
    event.preventDefault();
    if (!focusCard(next)) {
      pendingFocus.current = next;
      virtualizer.scrollToIndex(Math.floor((skeletons + next) / columns), { align: 'auto' });
    }
  }

  const cells: Cell[] = [
    ...Array.from({ length: skeletons }, (_, index): Cell => ({ kind: 'skeleton', key: `skeleton-${index}` })),
    ...assets.map((asset, index): Cell => ({ kind: 'asset', key: asset.id, asset, index })),
  ];
  const rowCount = Math.ceil(cells.length / columns);
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => (layout === 'list' ? 96 : Math.round(window.innerWidth / columns) + 100),
    overscan: 3,
    scrollMargin,
  });
  const lastCard = useInfiniteScroll<HTMLDivElement>(() => {
    if (hasMore && !loadingMore) onLoadMore();
  }, hasMore);

  if (loading) {
    return (
      <p className="flex items-center justify-center gap-2 py-16 text-muted" role="status">
        <Loader2 className="size-4 animate-spin" aria-hidden /> Loading your images...
      </p>
    );
  }
  if (error)
    return (
      <p className="py-16 text-center text-danger" role="alert">
        Failed to fetch assets
      </p>
    );
  if (cells.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 py-16 text-center text-muted">
        <ImageIcon className="size-10 opacity-40" aria-hidden />
        <p>{filtered ? 'No matching images found' : 'No images yet. Generate some above!'}</p>
      </div>
    );
  }
  return (
    <>
      <p id="gallery-keys" className="sr-only">
        Arrow keys move between images, Space selects, Shift+Space selects a range, Enter opens the image.
      </p>
      <div ref={listRef} className="relative w-full" style={{ height: virtualizer.getTotalSize() }} onKeyDown={onKeyDown}>
        {virtualizer.getVirtualItems().map((row) => (
          <div
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            className={cn(
              'absolute left-0 top-0 w-full',
              layout === 'grid' ? 'grid grid-cols-2 gap-3 pb-3 sm:gap-4 sm:pb-4 md:grid-cols-3 lg:grid-cols-4' : 'flex flex-col pb-2',
            )}
            style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
          >
            {cells.slice(row.index * columns, (row.index + 1) * columns).map((cell) =>
              cell.kind === 'skeleton' ? (
                <SkeletonCard key={cell.key} layout={layout} />
              ) : (
                <div key={cell.key} ref={cell.index === assets.length - 1 ? lastCard : undefined}>
                  <AssetCard
                    asset={cell.asset}
                    index={cell.index}
                    selected={selectedIds.has(cell.asset.id)}
                    layout={layout}
                    handlers={handlers}
                    publications={publications?.get(cell.asset.id)}
                  />
                </div>
              ),
            )}
          </div>
        ))}
      </div>
      {hasMore && (
        <div className="mt-6 flex justify-center">
          <Button variant="outline" onClick={onLoadMore} disabled={loadingMore}>
            {loadingMore && <Loader2 className="size-4 animate-spin" aria-hidden />}
            {loadingMore ? 'Loading...' : 'Load More'}
          </Button>
        </div>
      )}
    </>
  );
}
