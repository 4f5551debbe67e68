import { History } from 'lucide-react';
import { Card } from '../../components/ui/card';
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
          <table className="w-full text-left text-sm">
            <caption className="sr-only">The latest {data.entries.length} credit movements, newest first</caption>
            <thead className="text-muted">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Date
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  What
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Credits
                </th>
              </tr>
            </thead>
            <tbody>
              {data.entries.map((entry, index) => (
                <tr key={`${entry.at}-${index}`} className="border-t border-zinc-100 dark:border-zinc-800">
                  <td className="py-1.5 pr-3 whitespace-nowrap text-muted">{formatDateTime(entry.at)}</td>
                  <td className="py-1.5 pr-3">{creditEntryLabel(entry)}</td>
                  <td
                    className={
                      entry.delta > 0
                        ? 'py-1.5 text-right font-medium text-emerald-700 dark:text-emerald-400'
                        : 'py-1.5 text-right font-medium'
                    }
                  >
                    {creditDelta(entry.delta)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
