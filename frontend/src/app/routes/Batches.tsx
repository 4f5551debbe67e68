import { Link } from 'react-router-dom';
import { AppPage } from '../../components/layout/AppPage';
import { Card } from '../../components/ui/card';
import { useBatches } from '../../features/batches/api/batches';
import { batchName, batchStatusText } from '../../features/batches/batch-display';
import { BatchProgress } from '../../features/batches/BatchProgress';
import { formatDateTime } from '../../lib/format';

/** Every collection the seller started, newest first, each a link to its page. */
export default function Batches() {
  const { data, isLoading, isError } = useBatches();
  const batches = data?.batches ?? [];
  return (
    <AppPage back={{ to: '/generate?tab=collection', label: 'Back to Generate' }} title="Your collections" width="wide">
      <div className="mt-6 space-y-3">
        {isLoading && <p className="text-muted">Loading your collections…</p>}
        {isError && <p className="text-danger">Your collections could not be loaded. Please reload the page.</p>}
        {data && batches.length === 0 && (
          <p className="text-muted">
            No collections yet.{' '}
            <Link to="/generate?tab=collection" className="font-semibold text-accent underline">
              Start one
            </Link>
          </p>
        )}
        {batches.length > 0 && (
          <ul className="space-y-3" aria-label="Collections">
            {batches.map((batch) => (
              <li key={batch.id}>
                <Card className="space-y-3 p-4">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <Link to={`/batches/${batch.id}`} className="font-semibold text-accent underline-offset-2 hover:underline">
                      {batchName(batch)}
                    </Link>
                    <span className="text-sm text-muted">
                      {batchStatusText(batch)} · started {formatDateTime(batch.createdAt)}
                    </span>
                  </div>
                  <BatchProgress counts={batch.counts} label={`Progress of ${batchName(batch)}`} />
                </Card>
              </li>
            ))}
          </ul>
        )}
      </div>
    </AppPage>
  );
}
