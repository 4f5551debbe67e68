import { useState } from 'react';
import { Download, Loader2, Trash2 } from 'lucide-react';
import { ACCOUNT_DELETION_WORD, RETENTION } from '@printloom/contracts/limits';
import { errorText } from '../../lib/api-client';
import { accountExportUrl, deleteAccount as requestDeletion } from './api/account-data';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast';

/** Leaving: download everything, or delete the account after typing the confirmation word. */
export function LeaveAccountCard({ onDeleted = () => window.location.assign('/') }: { onDeleted?: () => void }) {
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);

  async function deleteAccount() {
    setBusy(true);
    try {
      await requestDeletion(ACCOUNT_DELETION_WORD);
      toast({ title: 'Account deleted', description: `Your data will be removed within ${RETENTION.deletedAccountDays} days.` });
      onDeleted();
    } catch (error) {
      toast({ title: 'Error', description: errorText(error, 'Failed to delete the account'), variant: 'destructive' });
      setBusy(false);
    }
  }

  return (
    <Card aria-labelledby="your-data">
      <h2 id="your-data" className="text-lg font-bold">
        Your data
      </h2>
      <p className="mt-2 text-sm text-muted">Download every image with your account details, jobs and credit history as one ZIP file.</p>
      <a href={accountExportUrl()} download className={buttonClasses('outline', 'sm', 'mt-4')}>
        <Download className="size-4" aria-hidden /> Download My Data
      </a>
      <Dialog onOpenChange={(open) => !open && setTyped('')}>
        <DialogTrigger asChild>
          <Button variant="danger" size="sm" className="ml-2 mt-4">
            <Trash2 className="size-4" aria-hidden /> Delete Account
          </Button>
        </DialogTrigger>
        <DialogContent
          title="Delete your account?"
          description={`You are signed out everywhere and any subscription is cancelled. Your images and data are removed within ${RETENTION.deletedAccountDays} days; billing records are kept as the privacy policy states.`}
        >
          <label className="block text-sm font-medium" htmlFor="delete-confirmation">
            Type {ACCOUNT_DELETION_WORD} to confirm
          </label>
          <input
            id="delete-confirmation"
            className="mt-2 w-full rounded-lg border border-zinc-300 bg-transparent px-3 py-2 text-sm dark:border-zinc-700"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
          />
          <Button variant="danger" className="mt-4" disabled={typed !== ACCOUNT_DELETION_WORD || busy} onClick={() => void deleteAccount()}>
            {busy && <Loader2 className="size-4 animate-spin" aria-hidden />} Delete My Account
          </Button>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
