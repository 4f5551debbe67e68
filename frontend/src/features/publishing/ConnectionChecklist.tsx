import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ClipboardCheck } from 'lucide-react';
import { CONNECTION_CHECKLIST, type ConnectionChecklistItem } from '@printloom/contracts/connection-checklist';
import type { ConnectionState } from '@printloom/contracts/publishing.schemas';
import { errorText } from '../../lib/api-client';
import { connectionQueryOptions } from './api/publishing';
import { tickConnectionChecklist } from './api/tick-checklist';

/**
 * What the seller sets up outside Printloom for the connected shop (an Etsy shop: a production partner
 * named "Printify"), shown on the connections card until the seller ticks it; ticked once, it is gone.
 */
export function ConnectionChecklist({ checklist }: { checklist: ConnectionState['checklist'] }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<ConnectionChecklistItem | null>(null);
  const [error, setError] = useState<string | null>(null);
  const open = checklist.filter((entry) => !entry.done);
  if (open.length === 0) return null;

  async function tick(item: ConnectionChecklistItem) {
    setBusy(item);
    setError(null);
    try {
      queryClient.setQueryData(connectionQueryOptions().queryKey, await tickConnectionChecklist(item));
    } catch (failure) {
      setError(errorText(failure, 'The checklist could not be saved. Please try again.'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section
      aria-labelledby="connection-checklist-title"
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-50"
    >
      <h3 id="connection-checklist-title" className="flex items-center gap-2 font-semibold">
        <ClipboardCheck className="size-4" aria-hidden /> Before you publish
      </h3>
      <ul className="mt-2 space-y-2">
        {open.map(({ item }) => (
          <li key={item}>
            <label className="flex items-start gap-2">
              <input
                type="checkbox"
                className="mt-0.5 size-4"
                checked={false}
                disabled={busy !== null}
                aria-describedby={`checklist-${item}-help`}
                onChange={() => void tick(item)}
              />
              <span className="font-medium">{CONNECTION_CHECKLIST[item].label}</span>
            </label>
            <p id={`checklist-${item}-help`} className="mt-1 pl-6 text-xs">
              {CONNECTION_CHECKLIST[item].help}
            </p>
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" className="mt-2 text-danger">
          {error}
        </p>
      )}
    </section>
  );
}
