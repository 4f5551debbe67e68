import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { CheckSquare, Loader2, XCircle } from 'lucide-react';
import { AppPage } from '../../components/layout/AppPage';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Table } from '../../components/ui/table';
import { toast } from '../../components/ui/toast';
import { errorText } from '../../lib/api-client';
import { refreshMe } from '../../lib/current-user';
import { formatDateTime } from '../../lib/format';
import { ConfirmDialog } from '../../features/library/components/ConfirmDialog';
import { QualityBadge } from '../../features/library/components/QualityBadge';
import { batchAssetIds, batchesQueryKey, batchIsRunning, cancelBatch, useBatch, type Batch } from '../../features/batches/api/batches';
import { ROW_STATUS_LABEL, batchName, batchStatusText } from '../../features/batches/batch-display';
import { BatchProgress } from '../../features/batches/BatchProgress';
import { RedoFlaggedButton } from '../../features/batches/RedoFlaggedButton';
import { useBatchQuality, type BatchQuality } from '../../features/batches/api/batch-quality';
import { CollectionName } from '../../features/batches/CollectionName';
import { CollectionDesigns } from '../../features/batches/CollectionDesigns';
import { CollectionActions } from './CollectionActions';

/** The quality verdicts of every design of the batch, counted by the server; nothing before any design has one. */
function FlaggedSummary({ counts }: { counts: BatchQuality | undefined }) {
  if (!counts || counts.checked === 0) return null;
  const waiting = counts.designs - counts.checked;
  return (
    <div className="text-sm" role="group" aria-label="Quality checks">
      <p>
        <span className="font-semibold">
          {counts.flagged} {counts.flagged === 1 ? 'design' : 'designs'} flagged
        </span>{' '}
        of {counts.checked} checked{waiting > 0 ? ` (${waiting} still being checked)` : ''}
      </p>
      {counts.byCheck.length > 0 && (
        <ul className="mt-1 list-inside list-disc text-muted">
          {counts.byCheck.map((check) => (
            <li key={check.name}>
              {check.name}: {check.count}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function RowDesigns({ assetIds, flagged }: { assetIds: readonly string[]; flagged: number }) {
  if (assetIds.length === 0) return <span className="text-muted">—</span>;
  return (
    <span>
      {assetIds.length}
      {flagged > 0 && <span className="text-warning"> ({flagged} flagged)</span>}
    </span>
  );
}

function BatchView({ batch }: { batch: Batch }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const assetIds = batchAssetIds(batch);
  const quality = useBatchQuality(batch).data;
  const flaggedById = new Set(quality?.flaggedAssetIds);
  const failedById = new Map(quality?.flaggedDesigns.map((design) => [design.assetId, design.failed]));
  const running = batchIsRunning(batch);

  async function cancel() {
    setConfirmCancel(false);
    setCancelling(true);
    try {
      const reply = await cancelBatch(batch.id);
      queryClient.setQueryData([...batchesQueryKey, 'one', batch.id], reply);
      void queryClient.invalidateQueries({ queryKey: [...batchesQueryKey, 'list'] });
      void refreshMe(queryClient);
      toast({ title: 'Collection cancelled', description: 'Rows that had not started were refunded; rows already running finish.' });
    } catch (error) {
      toast({ title: 'Cancel failed', description: errorText(error, 'The collection could not be cancelled.'), variant: 'destructive' });
    } finally {
      setCancelling(false);
    }
  }

  return (
    <div className="mt-6 space-y-6">
      <Card className="space-y-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm text-muted">
          <span>
            {batchStatusText(batch)} · {batch.counts.total} {batch.counts.total === 1 ? 'row' : 'rows'} · started{' '}
            {formatDateTime(batch.createdAt)}
          </span>
          <span className="flex items-center gap-3">
            <CollectionName key={batch.name} batch={batch} />
            <Link to="/batches" className="font-semibold text-accent underline">
              All collections
            </Link>
          </span>
        </div>
        <BatchProgress counts={batch.counts} label="Collection progress" announce />
        <FlaggedSummary counts={quality} />
        <CollectionActions batch={batch} assetIds={assetIds} />
        <div className="flex flex-wrap gap-2">
          {assetIds.length > 0 && (
            <Button variant="outline" onClick={() => void navigate(`/generate?batch=${batch.id}`)}>
              <CheckSquare className="size-4" aria-hidden />{' '}
              {running
                ? `Select the ${assetIds.length} designs made so far in the library`
                : `Select all ${assetIds.length} designs in the library`}
            </Button>
          )}
          {running && (
            <Button variant="outline" onClick={() => setConfirmCancel(true)} disabled={cancelling}>
              {cancelling ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <XCircle className="size-4" aria-hidden />}
              Cancel collection
            </Button>
          )}
          <RedoFlaggedButton batch={batch} flaggedIds={flaggedById} />
        </div>
      </Card>

      <CollectionDesigns
        rows={batch.rows}
        badgeOf={(assetId) => {
          const failed = failedById.get(assetId);
          return failed ? <QualityBadge quality={{ ok: false, checks: failed }} /> : null;
        }}
      />

      <Card className="overflow-x-auto p-0">
        <Table
          caption="Rows of this collection"
          headClassName="text-xs text-muted"
          rowClassName="border-t border-zinc-200 align-top dark:border-zinc-800"
          rows={batch.rows}
          rowKey={(row) => row.id}
          columns={[
            { header: '#', className: 'px-4 py-2', cellClassName: 'tabular-nums', cell: (row) => row.position },
            {
              header: 'Prompt',
              className: 'px-4 py-2',
              cell: (row) => (
                <>
                  {row.prompt}
                  {row.error && <p className="text-xs text-danger">{row.error}</p>}
                </>
              ),
            },
            { header: 'Status', className: 'px-4 py-2', cellClassName: 'whitespace-nowrap', cell: (row) => ROW_STATUS_LABEL[row.status] },
            {
              header: 'Designs',
              className: 'px-4 py-2',
              cellClassName: 'tabular-nums',
              cell: (row) => <RowDesigns assetIds={row.assetIds} flagged={row.assetIds.filter((id) => flaggedById.has(id)).length} />,
            },
          ]}
        />
      </Card>

      <ConfirmDialog
        open={confirmCancel}
        title="Cancel this collection?"
        description="Rows that have not started stop and their credits are refunded. Rows already running finish."
        confirmLabel="Cancel collection"
        cancelLabel="Keep it running"
        onCancel={() => setConfirmCancel(false)}
        onConfirm={() => void cancel()}
      />
    </div>
  );
}

/** One collection: its progress (polled while it runs), each row, its flagged designs, cancel, and selecting its designs. */
export default function BatchPage() {
  const { id = '' } = useParams();
  const { data, isLoading, isError } = useBatch(id);
  const batch = data?.batch;
  return (
    <AppPage
      back={{ to: '/generate?tab=collection', label: 'Back to Generate' }}
      title={batch ? batchName(batch) : 'Collection'}
      width="wide"
    >
      {isLoading && <p className="mt-6 text-muted">Loading the collection…</p>}
      {isError && <p className="mt-6 text-danger">This collection was not found.</p>}
      {batch && <BatchView batch={batch} />}
    </AppPage>
  );
}
