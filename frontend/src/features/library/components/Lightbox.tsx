import type { ReactNode } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { ChevronLeft, ChevronRight, Download, FileText, Printer, Store, X, ZoomIn } from 'lucide-react';
import type { UpscaleFactor } from '@printloom/contracts/plans';
import type { Asset } from '@printloom/contracts/assets.schemas';
import { imageUrl } from '../api/download-assets';
import { tileClass } from './asset-display';
import { GARMENT_LABELS, GarmentPair } from './GarmentPair';
import { upscaleOptions } from './upscale-options';
import { useFocusReturn } from '../../../components/ui/dialog';
import { EXPORT_FOR_LABEL, ExportMenuButton } from './ExportMenu';
import { MockupStrip } from './MockupStrip';

const control = 'inline-flex size-11 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20 disabled:opacity-30';

/** Full-screen viewer: Escape closes, arrow keys and buttons move between gallery items. */
export function Lightbox({
  assets,
  index,
  onIndex,
  onClose,
  onDownload,
  onExport,
  onUpscale,
  onPrepareListing,
  onCreateDrafts,
  aside,
}: {
  assets: readonly Asset[];
  index: number | null;
  onIndex: (index: number) => void;
  onClose: () => void;
  onDownload: (asset: Asset) => void;
  onExport: (asset: Asset, presetId: string) => void;
  onUpscale?: (asset: Asset, factor: UpscaleFactor) => void;
  onPrepareListing?: (asset: Asset) => void;
  onCreateDrafts?: (asset: Asset) => void;
  /** What else the design has, below its files (its Printify drafts and listings: the route composes it). */
  aside?: (asset: Asset) => ReactNode;
}) {
  const asset = index === null ? undefined : assets[index];
  const focusReturn = useFocusReturn();
  const go = (step: number) => {
    if (index === null) return;
    const next = index + step;
    if (next >= 0 && next < assets.length) onIndex(next);
  };
  return (
    <DialogPrimitive.Root open={asset !== undefined} onOpenChange={(open) => !open && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/90" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          {...focusReturn}
          className="fixed inset-0 z-50 flex flex-col outline-none"
          onKeyDown={(event) => {
            // Keys in the export menu (a portal: outside this element in the page) are the menu's.
            if (!event.currentTarget.contains(event.target as Node)) return;
            if (event.key === 'ArrowLeft') go(-1);
            if (event.key === 'ArrowRight') go(1);
          }}
        >
          <div className="flex items-center justify-between gap-3 p-3 text-white">
            <DialogPrimitive.Title className="min-w-0 truncate text-sm">
              {asset ? `${(index ?? 0) + 1} of ${assets.length} · ${asset.job.prompt}` : ''}
            </DialogPrimitive.Title>
            <div className="flex gap-2">
              {asset &&
                onUpscale &&
                upscaleOptions(asset).map(({ factor, reason }) => (
                  <button
                    key={factor}
                    type="button"
                    className="inline-flex h-11 items-center gap-1 rounded-full bg-white/10 px-4 text-sm text-white hover:bg-white/20 disabled:opacity-30"
                    disabled={reason !== null}
                    title={reason ?? undefined}
                    onClick={() => onUpscale(asset, factor)}
                  >
                    <ZoomIn className="size-4" aria-hidden /> Upscale {factor}×{reason && <span className="sr-only">: {reason}</span>}
                  </button>
                ))}
              {asset && onPrepareListing && (
                <button
                  type="button"
                  className="inline-flex h-11 items-center gap-1 rounded-full bg-white/10 px-4 text-sm text-white hover:bg-white/20"
                  onClick={() => onPrepareListing(asset)}
                >
                  <FileText className="size-4" aria-hidden /> Prepare listing…
                </button>
              )}
              {asset && (
                <button type="button" aria-label="Download" className={control} onClick={() => onDownload(asset)}>
                  <Download className="size-5" aria-hidden />
                </button>
              )}
              {asset && (
                <ExportMenuButton onExport={(presetId) => onExport(asset, presetId)} className={control}>
                  <Printer className="size-5" aria-hidden />
                  <span className="sr-only">{EXPORT_FOR_LABEL}</span>
                </ExportMenuButton>
              )}
              {asset && onCreateDrafts && (
                <button type="button" aria-label="Create Printify drafts" className={control} onClick={() => onCreateDrafts(asset)}>
                  <Store className="size-5" aria-hidden />
                </button>
              )}
              <DialogPrimitive.Close aria-label="Close" className={control}>
                <X className="size-5" aria-hidden />
              </DialogPrimitive.Close>
            </div>
          </div>
          <div className="relative flex min-h-0 flex-1 items-center justify-center gap-2 px-2 pb-4">
            <button type="button" aria-label="Previous image" className={control} onClick={() => go(-1)} disabled={!index}>
              <ChevronLeft className="size-6" aria-hidden />
            </button>
            {asset && (
              <div
                className={`${tileClass(asset.job.prompt)} flex h-full max-h-[85vh] min-w-0 flex-1 items-center justify-center overflow-hidden rounded-xl`}
              >
                <img
                  key={asset.id}
                  src={imageUrl(asset.id, 'preview')}
                  alt={`Large preview: ${asset.job.prompt}`}
                  className="max-h-full max-w-full object-contain"
                  data-testid="lightbox-image"
                />
              </div>
            )}
            <button
              type="button"
              aria-label="Next image"
              className={control}
              onClick={() => go(1)}
              disabled={index === null || index >= assets.length - 1}
            >
              <ChevronRight className="size-6" aria-hidden />
            </button>
          </div>
          {asset && (
            <div className="flex items-end justify-center gap-4 px-2 pb-4 text-sm text-white">
              <GarmentPair key={asset.id} asset={asset} mode="files" className="gap-3 [&_figure]:size-28" />
              <div className="flex flex-col gap-2">
                {(['light', 'dark'] as const).map((garment) => (
                  <a
                    key={garment}
                    href={imageUrl(asset.id, undefined, garment)}
                    download
                    className="inline-flex h-11 items-center gap-1 rounded-full bg-white/10 px-4 hover:bg-white/20"
                  >
                    <Download className="size-4" aria-hidden /> File for {GARMENT_LABELS[garment]} garments
                  </a>
                ))}
              </div>
            </div>
          )}
          {asset && aside?.(asset)}
          {asset && <MockupStrip key={asset.id} assetId={asset.id} />}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
