import type { Asset, GarmentChoice } from '@printloom/contracts/assets.schemas';
import { cn } from '../../../components/ui/cn';
import { imageUrl } from '../api/download-assets';

export const GARMENT_LABELS: Record<GarmentChoice, string> = { light: 'white', dark: 'black' };
const GARMENT_BACKGROUND: Record<GarmentChoice, string> = { light: 'bg-white', dark: 'bg-black' };

/**
 * How the design looks on a white and on a black garment, side by side. `files`: the real print file
 * for each garment (the lightbox: one design at a time, each made on the server on first request).
 * `glance` (the gallery card): the thumbnail already loaded, on each garment colour, so the gallery
 * asks the server for nothing more; on the garment it was not drawn for it is shown with its lightness
 * inverted, which is about what the recoloured file does (the lightbox shows the real one).
 */
export function GarmentPair({ asset, mode, className }: { asset: Asset; mode: 'glance' | 'files'; className?: string }) {
  const label = asset.job.prompt || 'Design';
  return (
    <div role="group" aria-label="Light and dark print files" className={cn('flex gap-1', className)}>
      {(['light', 'dark'] as const).map((garment) => {
        const inverted = mode === 'glance' && asset.garment && asset.garment !== garment;
        return (
          <figure
            key={garment}
            className={cn('overflow-hidden rounded-md ring-1 ring-zinc-300 dark:ring-zinc-700', GARMENT_BACKGROUND[garment])}
          >
            <img
              src={mode === 'files' ? imageUrl(asset.id, 'preview', garment) : imageUrl(asset.id, 'thumbnail')}
              alt={`On a ${GARMENT_LABELS[garment]} garment: ${label}`}
              loading="lazy"
              decoding="async"
              data-garment={garment}
              className={cn('size-full object-contain', inverted && 'invert hue-rotate-180')}
            />
          </figure>
        );
      })}
    </div>
  );
}
