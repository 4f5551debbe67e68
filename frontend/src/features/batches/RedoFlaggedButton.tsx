import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2, RotateCcw } from 'lucide-react';
import { BATCH_MESSAGES } from '@printloom/contracts/messages';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast';
import { errorText } from '../../lib/api-client';
import { refreshMe } from '../../lib/current-user';
import { batchesQueryKey, redoFlaggedBatch, type Batch } from './api/batches';
import { rowsToRedo } from './quality';

const credits = (count: number) => `${count} ${count === 1 ? 'credit' : 'credits'}`;

/**
 * "Redo the flagged ones (N credits)" on a finished batch with flagged designs: confirmed, then the
 * batch answers running with its new rows and the page polls it again.
 */
export function RedoFlaggedButton({ batch, flaggedIds }: { batch: Batch; flaggedIds: ReadonlySet<string> }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [redoing, setRedoing] = useState(false);
  const rows = rowsToRedo(batch.rows, flaggedIds).length;
  if (batch.status !== 'finished' || rows === 0) return null;

  async function redo() {
    setConfirming(false);
    setRedoing(true);
    try {
      const reply = await redoFlaggedBatch(batch.id);
      queryClient.setQueryData([...batchesQueryKey, 'one', batch.id], reply);
      void queryClient.invalidateQueries({ queryKey: [...batchesQueryKey, 'list'] });
      void refreshMe(queryClient);
      toast({ title: 'Redoing the flagged designs', description: `${credits(rows)} reserved; the new rows are at the end.` });
    } catch (error) {
      toast({ title: 'Redo failed', description: errorText(error, 'The flagged designs could not be redone.'), variant: 'destructive' });
    } finally {
      setRedoing(false);
    }
  }

  return (
    <>
      <Button variant="outline" onClick={() => setConfirming(true)} disabled={redoing}>
        {redoing ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <RotateCcw className="size-4" aria-hidden />}
        Redo the flagged ones ({credits(rows)})
      </Button>
      <Dialog open={confirming} onOpenChange={(next) => !next && setConfirming(false)}>
        <DialogContent title="Redo the flagged designs?" description={BATCH_MESSAGES.redoConfirm(rows)}>
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              Keep them
            </Button>
            <Button onClick={() => void redo()}>Redo for {credits(rows)}</Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
