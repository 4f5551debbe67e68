import { History } from 'lucide-react';
import { Card } from '../../components/ui/card';
import { Table } from '../../components/ui/table';
import { formatDateTime } from '../../lib/format';
import { useCreditHistory } from './api/credit-history';
import { creditDelta, creditEntryLabel } from './credit-entry-label';

/** The last 50 credit movements as a small table on /account. */
export function CreditHistoryCard() {
  const { data, isError, isLoading } = useCreditHistory();
  return (
    <Card aria-labelledby="credit-history">
      <h2 id="credit-history" className="flex items-center gap-2 text-lg font-bold">
        <History className="size-5 text-accent" aria-hidden /> Credit history
      </h2>
      {isError && <p className="mt-2 text-sm text-muted">The credit history is unavailable right now.</p>}
      {!isLoading && data?.entries.length === 0 && <p className="mt-2 text-sm text-muted">No credit movements yet.</p>}
      {data && data.entries.length > 0 && (
        <div className="mt-4 max-h-80 overflow-y-auto">
          <Table
            caption={`The latest ${data.entries.length} credit movements, newest first`}
            headClassName="text-muted"
            rowClassName="border-t border-zinc-100 dark:border-zinc-800"
            rows={data.entries}
            rowKey={(entry, index) => `${entry.at}-${index}`}
            columns={[
              {
                header: 'Date',
                headerClassName: 'py-1 pr-3 font-medium',
                cellClassName: 'py-1.5 pr-3 whitespace-nowrap text-muted',
                cell: (entry) => formatDateTime(entry.at),
              },
              { header: 'What', headerClassName: 'py-1 pr-3 font-medium', cellClassName: 'py-1.5 pr-3', cell: creditEntryLabel },
              {
                header: 'Credits',
                headerClassName: 'py-1 text-right font-medium',
                cellClassName: (entry) =>
                  entry.delta > 0
                    ? 'py-1.5 text-right font-medium text-emerald-700 dark:text-emerald-400'
                    : 'py-1.5 text-right font-medium',
                cell: (entry) => creditDelta(entry.delta),
              },
            ]}
          />
        </div>
      )}
    </Card>
  );
}
