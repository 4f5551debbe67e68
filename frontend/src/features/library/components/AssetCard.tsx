import { memo, type MouseEvent } from 'react';
import { Download, FileText, Info, MoreHorizontal, Scissors, Star, Store, Trash2, ZoomIn } from 'lucide-react';
import type { Asset } from '@printloom/contracts/assets.schemas';
import type { UpscaleFactor } from '@printloom/contracts/plans';
import { CREDIT_COSTS } from '@printloom/contracts/plans';
import { cn } from '../../../components/ui/cn';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { imageUrl } from '../api/download-assets';
import { expiryBadge, publicationBadges, tileClass, type PublicationCounts } from './asset-display';
import { ExportSubMenu } from './ExportMenu';
import { GarmentPair } from './GarmentPair';
import { QualityBadge } from './QualityBadge';
import { upscaleOptions } from './upscale-options';

export type CardLayout = 'grid' | 'list';

export interface AssetCardHandlers {
  onSelect: (index: number, shift: boolean) => void;
  onOpen: (index: number) => void;
  onInfo: (asset: Asset) => void;
  onStar: (asset: Asset) => void;
  onDownload: (asset: Asset) => void;
  onRemoveBackground: (asset: Asset) => void;
  onUpscale: (asset: Asset, factor: UpscaleFactor) => void;
  onExport: (asset: Asset, presetId: string) => void;
  onPrepareListing: (asset: Asset) => void;
  onDelete: (asset: Asset) => void;
  /** Printify drafts of this design (issue 30). */
  onCreateDrafts?: (asset: Asset) => void;
}

const iconButton =
  'inline-flex size-8 items-center justify-center rounded-lg bg-white/90 text-zinc-700 shadow-sm backdrop-blur hover:bg-white dark:bg-zinc-900/90 dark:text-zinc-200 dark:hover:bg-zinc-900';

export const AssetCard = memo(function AssetCard({
  asset,
  index,
  selected,
  layout,
  handlers,
  publications,
}: {
  asset: Asset;
  index: number;
  selected: boolean;
  layout: CardLayout;
  handlers: AssetCardHandlers;
  /** Its Printify drafts and published products, counted per template (the card's badges). */
  publications?: PublicationCounts;
}) {
  const badge = expiryBadge(asset.expiresAt);
  const label = asset.job.prompt || 'Design';
  const select = (event: MouseEvent) => handlers.onSelect(index, event.shiftKey);

  const checkbox = (
    <input
      type="checkbox"
      aria-label={`Select image ${index + 1}`}
      checked={selected}
      onChange={() => undefined}
      onClick={select}
      className="size-4 cursor-pointer accent-brand-600"
    />
  );
  const star = (
    <button
      type="button"
      aria-label={asset.starred ? 'Unstar' : 'Star'}
      aria-pressed={asset.starred}
      onClick={() => handlers.onStar(asset)}
      className={iconButton}
    >
      <Star className={cn('size-4', asset.starred && 'fill-amber-400 text-amber-400')} aria-hidden />
    </button>
  );
  const actions = (
    <>
      <button type="button" aria-label="Image details" onClick={() => handlers.onInfo(asset)} className={iconButton}>
        <Info className="size-4" aria-hidden />
      </button>
      <button type="button" aria-label="Download" onClick={() => handlers.onDownload(asset)} className={iconButton}>
        <Download className="size-4" aria-hidden />
      </button>
      <DropdownMenu>
        <DropdownMenuTrigger aria-label="More actions" className={iconButton}>
          <MoreHorizontal className="size-4" aria-hidden />
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={() => handlers.onPrepareListing(asset)}>
            <FileText className="size-4" aria-hidden /> Prepare listing…
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => handlers.onRemoveBackground(asset)}>
            <Scissors className="size-4" aria-hidden /> Remove BG (Free)
          </DropdownMenuItem>
          {upscaleOptions(asset).map(({ factor, reason }) => (
            <DropdownMenuItem
              key={factor}
              disabled={reason !== null}
              title={reason ?? undefined}
              onSelect={() => handlers.onUpscale(asset, factor)}
            >
              <ZoomIn className="size-4" aria-hidden /> Upscale {factor}× ({CREDIT_COSTS.upscale} credits)
              {reason && <span className="sr-only">: {reason}</span>}
            </DropdownMenuItem>
          ))}
          <ExportSubMenu onExport={(presetId) => handlers.onExport(asset, presetId)} />
          {handlers.onCreateDrafts && (
            <DropdownMenuItem onSelect={() => handlers.onCreateDrafts?.(asset)}>
              <Store className="size-4" aria-hidden /> Create Printify drafts
            </DropdownMenuItem>
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem destructive onSelect={() => handlers.onDelete(asset)}>
            <Trash2 className="size-4" aria-hidden /> Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  );
  const thumbnail = (
    <button
      type="button"
      onClick={() => handlers.onOpen(index)}
      aria-label={`Open image ${index + 1} in the lightbox`}
      aria-describedby="gallery-keys"
      data-card-index={index}
      className={cn(tileClass(asset.job.prompt), 'focus-inset block size-full')}
    >
      <img src={imageUrl(asset.id, 'thumbnail')} alt={label} loading="lazy" decoding="async" className="size-full object-contain" />
    </button>
  );
  const expiry = badge && <span className="rounded-full bg-danger-solid px-2 py-0.5 text-xs font-semibold text-white">{badge}</span>;
  // The image model drew a background the automatic removal could not cut out: the file is as drawn.
  const backgroundKept = asset.backgroundKept && (
    <span
      className="rounded-full bg-amber-300 px-2 py-0.5 text-xs font-semibold text-zinc-950"
      title="The background could not be removed automatically: this image is stored as the model drew it."
    >
      Background kept
    </span>
  );
  const quality = <QualityBadge quality={asset.quality} />;

  const published = publicationBadges(publications).map((badge) => (
    <span
      key={badge.label}
      className="inline-flex items-center gap-1 rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-950 dark:bg-sky-900 dark:text-sky-50"
      title={badge.description}
      data-testid="publication-badge"
    >
      <Store className="size-3" aria-hidden />
      {badge.label}
      <span className="sr-only">: {badge.description}</span>
    </span>
  ));

  if (layout === 'list') {
    return (
      <article
        className={cn(
          'flex items-center gap-3 rounded-xl border bg-white p-2 pr-3 dark:bg-zinc-900/60',
          selected ? 'border-brand-500 ring-2 ring-brand-500/40' : 'border-zinc-200 dark:border-zinc-800',
        )}
        data-testid="asset-card"
      >
        {checkbox}
        <div className="size-18 shrink-0 overflow-hidden rounded-lg">{thumbnail}</div>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium">{label}</p>
          <p className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-muted">
            <span>{new Date(asset.createdAt).toLocaleDateString()}</span>
            <span>
              {asset.width} × {asset.height}
            </span>
            {expiry}
            {backgroundKept}
            {quality}
            {published}
          </p>
        </div>
        <div className="flex items-center gap-1">
          {star}
          {actions}
        </div>
      </article>
    );
  }
  return (
    <article
      className={cn(
        'group relative overflow-hidden rounded-xl border bg-white dark:bg-zinc-900',
        selected ? 'border-brand-500 ring-2 ring-brand-500/40' : 'border-zinc-200 dark:border-zinc-800',
      )}
      data-testid="asset-card"
    >
      {/* The artwork keeps its square to itself: only the select and star controls sit in its corners. */}
      <div className="relative aspect-square" data-testid="card-artwork">
        {thumbnail}
        <div className="absolute left-2 top-2 flex items-center gap-2 rounded-lg bg-white/90 p-1.5 shadow-sm dark:bg-zinc-900/90">
          {checkbox}
        </div>
        <div className="absolute right-2 top-2">{star}</div>
      </div>
      {/* Below the artwork, on every width: the badges, then the light and dark files (wrapping to a line of their own when narrow). */}
      <div
        className="flex min-h-11 flex-wrap items-center gap-1 border-t border-zinc-200 px-2 py-1.5 dark:border-zinc-800"
        data-testid="card-details"
      >
        {expiry}
        {backgroundKept}
        {quality}
        {published}
        <GarmentPair asset={asset} mode="glance" className="ml-auto [&_figure]:size-8" />
      </div>
      <div className="flex items-center justify-between gap-2 border-t border-zinc-200 p-2 dark:border-zinc-800">
        <p className="min-w-0 flex-1 truncate text-xs text-muted" title={label}>
          {label}
        </p>
        <div className="flex items-center gap-1">{actions}</div>
      </div>
    </article>
  );
});

export function SkeletonCard({ layout }: { layout: CardLayout }) {
  return layout === 'list' ? (
    <div className="h-22 animate-pulse rounded-xl bg-zinc-200 dark:bg-zinc-800" data-testid="skeleton-card" aria-hidden />
  ) : (
    <div className="animate-pulse rounded-xl bg-zinc-200 dark:bg-zinc-800" data-testid="skeleton-card" aria-hidden>
      <div className="aspect-square" />
      <div className="h-24" />
    </div>
  );
}
