import { useState } from 'react';
import { ExternalLink, Loader2 } from 'lucide-react';
import type { Publication } from '@printloom/contracts/publishing.schemas';
import { errorText } from '../../lib/api-client';
import { Button } from '../../components/ui/button';
import { usePublishPublication } from './api/publishing';

const PUBLISHABLE = new Set<Publication['status']>(['draft_created', 'publish_failed']);

/** "Publish" on a draft (or one whose publishing failed): the row follows it to its listing. */
function PublishButton({ publication, name }: { publication: Publication; name: string }) {
  const publish = usePublishPublication();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run() {
    setBusy(true);
    setError(null);
    try {
      await publish(publication.id);
    } catch (failure) {
      setError(errorText(failure, 'This draft could not be published'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <span className="flex flex-col items-end gap-1">
      <Button size="sm" variant="outline" onClick={() => void run()} disabled={busy} aria-label={`Publish ${name}`}>
        {busy && <Loader2 className="size-4 animate-spin" aria-hidden />}
        {publication.status === 'publish_failed' ? 'Publish again' : 'Publish'}
      </Button>
      {error && (
        <span role="alert" className="text-xs text-danger">
          {error}
        </span>
      )}
    </span>
  );
}

/**
 * What a seller can do with a publication wherever it is listed (the drafts dialog, the lightbox):
 * publish a draft or a failed publish, and follow a published one to its marketplace listing.
 */
export function PublishControls({ publication, name, linkClassName }: { publication: Publication; name: string; linkClassName: string }) {
  return (
    <>
      {PUBLISHABLE.has(publication.status) && <PublishButton publication={publication} name={name} />}
      {publication.status === 'published' && publication.listingUrl && (
        <a href={publication.listingUrl} target="_blank" rel="noreferrer" className={linkClassName}>
          View listing <ExternalLink className="size-3.5" aria-hidden />
          <span className="sr-only">({name}, opens in a new tab)</span>
        </a>
      )}
    </>
  );
}
