import { Download } from 'lucide-react';
import { mockupName } from '@printloom/contracts/mockups';
import { errorText } from '../../../lib/api-client';
import { useMockups } from '../api/list-mockups';
import { cn } from '../../../components/ui/cn';

/**
 * The design's garment previews under the lightbox's image: small lazy thumbnails of the 2000×2000
 * JPEGs, each named for screen readers ("Mockup: black tee") with its own download link.
 */
export function MockupStrip({ assetId, tone = 'dark' }: { assetId: string; tone?: 'dark' | 'page' }) {
  const mockups = useMockups(assetId);
  const note = tone === 'dark' ? 'px-3 pb-3 text-center text-sm text-white/80' : 'text-sm text-muted';
  if (mockups.isPending)
    return (
      <p role="status" className={note}>
        Making mockups…
      </p>
    );
  if (mockups.isError)
    return (
      <p role="alert" className={note}>
        {errorText(mockups.error, 'The mockups could not be made. Please try again.')}
      </p>
    );
  return (
    <ul aria-label="Mockups" className={tone === 'dark' ? 'flex gap-2 overflow-x-auto px-3 pb-3' : 'flex gap-2 overflow-x-auto pb-1'}>
      {mockups.data.map((mockup) => {
        const name = mockupName(mockup);
        return (
          <li key={mockup.id} className="relative shrink-0">
            <a
              href={mockup.url}
              target="_blank"
              rel="noreferrer"
              className={cn(
                'block rounded-lg focus-visible:outline-2',
                tone === 'dark' ? 'focus-visible:outline-white' : 'focus-visible:outline-brand-600',
              )}
            >
              <img
                src={mockup.url}
                alt={`Mockup: ${name}`}
                loading="lazy"
                decoding="async"
                width={96}
                height={96}
                className="size-24 rounded-lg bg-white/10 object-cover"
              />
            </a>
            <a
              href={mockup.url}
              download
              aria-label={`Download mockup: ${name}`}
              className="absolute right-1 bottom-1 inline-flex size-8 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80"
            >
              <Download className="size-4" aria-hidden />
            </a>
          </li>
        );
      })}
    </ul>
  );
}
