import type { Asset } from '@printloom/contracts/assets.schemas';
import { ImageIcon, Loader2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { AssetCard, SkeletonCard, type AssetCardHandlers, type CardLayout } from './AssetCard';
import { useInfiniteScroll } from './use-infinite-scroll';

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
}

export function Gallery({ assets, selectedIds, layout, handlers, skeletons, loading, filtered, error, hasMore, loadingMore, onLoadMore }: GalleryProps) {
  const lastCard = useInfiniteScroll<HTMLDivElement>(() => {
    if (hasMore && !loadingMore) onLoadMore();
  }, hasMore);

  if (loading) {
    return (
      <p className="flex items-center justify-center gap-2 py-16 text-zinc-500" role="status">
        <Loader2 className="size-4 animate-spin" aria-hidden /> Loading your images...
      </p>
    );
  }
  if (error) return <p className="py-16 text-center text-red-500" role="alert">Failed to fetch assets</p>;
  if (assets.length === 0 && skeletons === 0) {
    return (
      <div className="flex flex-col items-center gap-3 py-16 text-center text-zinc-500">
        <ImageIcon className="size-10 opacity-40" aria-hidden />
        <p>{filtered ? 'No matching images found' : 'No images yet. Generate some above!'}</p>
      </div>
    );
  }
  return (
    <>
      <div className={cn(layout === 'grid' ? 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4' : 'flex flex-col gap-2')}>
        {Array.from({ length: skeletons }, (_, index) => <SkeletonCard key={`skeleton-${index}`} layout={layout} />)}
        {assets.map((asset, index) => (
          <div key={asset.id} ref={index === assets.length - 1 ? lastCard : undefined}>
            <AssetCard asset={asset} index={index} selected={selectedIds.has(asset.id)} layout={layout} handlers={handlers} />
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
