import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText } from '../../lib/api-client';
import { useConfirmPublication } from './api/publishing';

export type DraftConfirmation = { state: 'confirming' } | { state: 'confirmed' } | { state: 'failed'; message: string };

/** A "Confirm all" in progress or finished: drafts confirmed and refused so far, of `total`. */
export interface ConfirmRun {
  total: number;
  confirmed: number;
  failed: number;
  running: boolean;
}

const drafts = (count: number) => `${count} ${count === 1 ? 'draft' : 'drafts'}`;

/** The sentence of a "Confirm all": where it stands, then what it did. */
export function confirmRunText(run: ConfirmRun): string {
  if (run.running) return `Confirming ${Math.min(run.confirmed + run.failed + 1, run.total)} of ${drafts(run.total)}…`;
  if (run.failed === 0) return `Confirmed ${drafts(run.confirmed)}: they are being created.`;
  return `Confirmed ${run.confirmed} of ${drafts(run.total)}; ${run.failed} could not be confirmed (the reason is under each).`;
}

/**
 * Confirming drafts held for review, one by one or all of them in a row (one request after another,
 * never at once), each draft's outcome kept with the server's message when it refused. Closing the
 * dialog stops a run between two drafts.
 */
export function useDraftConfirmations() {
  const confirm = useConfirmPublication();
  const [outcomes, setOutcomes] = useState<Readonly<Record<string, DraftConfirmation>>>({});
  const [run, setRun] = useState<ConfirmRun | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const confirmOne = useCallback(
    async (id: string): Promise<boolean> => {
      setOutcomes((current) => ({ ...current, [id]: { state: 'confirming' } }));
      try {
        await confirm(id);
        setOutcomes((current) => ({ ...current, [id]: { state: 'confirmed' } }));
        return true;
      } catch (error) {
        const message = errorText(error, 'This draft could not be confirmed. Please try again.');
        setOutcomes((current) => ({ ...current, [id]: { state: 'failed', message } }));
        return false;
      }
    },
    [confirm],
  );

  const confirmAll = useCallback(
    async (ids: readonly string[]) => {
      const progress: ConfirmRun = { total: ids.length, confirmed: 0, failed: 0, running: true };
      setRun({ ...progress });
      for (const id of ids) {
        if (!mounted.current) return;
        if (await confirmOne(id)) progress.confirmed += 1;
        else progress.failed += 1;
        setRun({ ...progress });
      }
      setRun({ ...progress, running: false });
    },
    [confirmOne],
  );

  return { outcomes, run, confirmOne, confirmAll };
}
