// The whole-collection actions of a collection's page, composed from the features that own them: the
// listing kit (listings), Printify drafts (publishing) and the download job (library), each by batch id.
import { useState } from 'react';
import { Download, FileText, Store } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { collectionActionScope } from '../../features/batches/batch-display';
import type { Batch } from '../../features/batches/api/batches';
import { ListingPanel } from '../../features/listings/ListingPanel';
import { CreateDraftsDialog } from '../../features/publishing/CreateDraftsDialog';
import { useBulkJobs } from '../../features/library/hooks/use-bulk-jobs';
import { BulkJobsPanel } from '../../features/library/components/BulkJobsPanel';

const NOTE_ID = 'collection-actions-note';

export function CollectionActions({ batch, assetIds }: { batch: Pick<Batch, 'id' | 'status' | 'counts'>; assetIds: readonly string[] }) {
  const [open, setOpen] = useState<'listing' | 'drafts' | null>(null);
  const bulkJobs = useBulkJobs();
  const scope = collectionActionScope(batch, assetIds.length);
  const collection = { batchId: batch.id, designs: assetIds.length, assetIds };
  const counted = (designs: number) => `${designs} ${designs === 1 ? 'design' : 'designs'}`;
  const shared = { disabled: !scope.ready, 'aria-describedby': scope.note ? NOTE_ID : undefined };
  return (
    <section aria-label="Whole-collection actions" className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" {...shared} onClick={() => setOpen('listing')}>
          <FileText className="size-4" aria-hidden /> Prepare listings and kit
        </Button>
        <Button variant="outline" {...shared} onClick={() => setOpen('drafts')}>
          <Store className="size-4" aria-hidden /> Create Printify drafts
        </Button>
        <Button variant="outline" {...shared} onClick={() => void bulkJobs.start({ action: 'download', batchId: batch.id })}>
          <Download className="size-4" aria-hidden /> {scope.ready ? `Download ${counted(scope.designs)}` : 'Download the designs'}
        </Button>
      </div>
      {scope.note && (
        <p id={NOTE_ID} className="text-sm text-muted">
          {scope.note}
        </p>
      )}
      <BulkJobsPanel jobs={bulkJobs.jobs} onDismiss={bulkJobs.dismiss} />
      <ListingPanel designs={[]} collection={collection} open={open === 'listing'} onClose={() => setOpen(null)} media={() => null} />
      <CreateDraftsDialog assets={open === 'drafts' ? [] : null} collection={collection} onClose={() => setOpen(null)} />
    </section>
  );
}
