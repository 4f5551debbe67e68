import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { CREDIT_COSTS } from '@printloom/contracts/plans';
import { errorText } from '../../lib/api-client';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast';
import { track } from '../../lib/analytics';
import { refreshMe, useMe } from '../../lib/current-user';
import { describeImage } from './api/describe-image';

/** Describe an uploaded image into a prompt (1 credit); the description lands in the prompt box. */
export function DescribeDialog({
  file,
  onClose,
  onDescribed,
}: {
  file: File | null;
  onClose: () => void;
  onDescribed: (description: string) => void;
}) {
  const queryClient = useQueryClient();
  const userId = useMe().data?.user.id;
  const [busy, setBusy] = useState(false);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  async function describe() {
    if (!file) return;
    setBusy(true);
    try {
      const reply = await describeImage(file);
      track('image_described', { user_id: userId, credits: CREDIT_COSTS.describe, prompt_length: reply.description.length });
      toast({ title: 'Image described!', description: 'Your image has been analyzed successfully.' });
      onDescribed(reply.description);
      onClose();
    } catch (error) {
      toast({ title: 'Description failed', description: errorText(error, 'Failed to describe image'), variant: 'destructive' });
    } finally {
      setBusy(false);
      void refreshMe(queryClient);
    }
  }

  return (
    <Dialog open={file !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent
        title="Describe an image"
        description={`Turn an image into a prompt you can edit. Costs ${CREDIT_COSTS.describe} credit.`}
      >
        {preview && <img src={preview} alt="The image to describe" className="checkerboard mx-auto max-h-72 rounded-lg object-contain" />}
        <p className="mt-3 truncate text-xs text-muted">{file?.name}</p>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void describe()} disabled={busy}>
            {busy && <Loader2 className="size-4 animate-spin" aria-hidden />}
            {busy ? 'Describing...' : 'Describe Image'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
