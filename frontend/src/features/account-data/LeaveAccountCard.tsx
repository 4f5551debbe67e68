import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Download, Loader2, Trash2 } from 'lucide-react';
import { ACCOUNT_DELETION_WORD, RETENTION } from '@printloom/contracts/limits';
import { ApiError, errorText } from '../../lib/api-client';
import { refreshMe, useMe } from '../../lib/current-user';
import { isRecentlyConfirmed } from '../../lib/recent-proof';
import { accountExportUrl, deleteAccount as requestDeletion } from './api/account-data';
import { ConfirmIdentityForm } from '../../components/reauth/ConfirmIdentityForm';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast';

/** The browser downloads the export (a ZIP streamed by the gateway) as it would from a link. */
function startDownload(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Leaving: download everything, or delete the account after typing the confirmation word. Both need a
 * recent proof that it is the owner (`me.confirmedUntil`): otherwise the password, Google or an emailed
 * code is asked first, then the download or the deletion goes on.
 */
export function LeaveAccountCard({ onDeleted = () => window.location.assign('/') }: { onDeleted?: () => void }) {
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [deleteStep, setDeleteStep] = useState<'type' | 'confirm'>('type');
  const [confirmingDownload, setConfirmingDownload] = useState(false);
  const recentlyConfirmed = () => isRecentlyConfirmed(me?.confirmedUntil);

  function download() {
    if (recentlyConfirmed()) startDownload(accountExportUrl());
    else setConfirmingDownload(true);
  }

  /** `justConfirmed`: the proof was accepted a moment ago (this render's `me` predates it). */
  async function deleteAccount(justConfirmed = false) {
    if (!justConfirmed && !recentlyConfirmed()) return setDeleteStep('confirm');
    setBusy(true);
    try {
      await requestDeletion(ACCOUNT_DELETION_WORD);
      toast({ title: 'Account deleted', description: `Your data will be removed within ${RETENTION.deletedAccountDays} days.` });
      onDeleted();
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.code === 'REAUTH_REQUIRED') return setDeleteStep('confirm');
      toast({ title: 'Error', description: errorText(error, 'Failed to delete the account'), variant: 'destructive' });
    }
  }

  /** The proof was accepted: /me shows it from now on, and the action goes on without asking again. */
  async function confirmed(then: () => Promise<void> | void) {
    await refreshMe(queryClient);
    await then();
  }

  return (
    <Card aria-labelledby="your-data">
      <h2 id="your-data" className="text-lg font-bold">
        Your data
      </h2>
      <p className="mt-2 text-sm text-muted">Download every image with your account details, jobs and credit history as one ZIP file.</p>
      <Button variant="outline" size="sm" className="mt-4" onClick={download}>
        <Download className="size-4" aria-hidden /> Download My Data
      </Button>
      <Dialog open={confirmingDownload} onOpenChange={setConfirmingDownload}>
        <DialogContent title="Confirm it's you" description="Your data holds every image and your account details.">
          {me && (
            <ConfirmIdentityForm
              user={me.user}
              action="download your data"
              onConfirmed={() =>
                void confirmed(() => {
                  setConfirmingDownload(false);
                  startDownload(accountExportUrl());
                })
              }
            />
          )}
        </DialogContent>
      </Dialog>
      <Dialog
        onOpenChange={(open) => {
          if (open) return;
          setTyped('');
          setDeleteStep('type');
        }}
      >
        <DialogTrigger asChild>
          <Button variant="danger" size="sm" className="ml-2 mt-4">
            <Trash2 className="size-4" aria-hidden /> Delete Account
          </Button>
        </DialogTrigger>
        <DialogContent
          title={deleteStep === 'confirm' ? "Confirm it's you" : 'Delete your account?'}
          description={
            deleteStep === 'confirm'
              ? 'Deleting the account cannot be undone.'
              : `You are signed out everywhere and any subscription is cancelled. Your images and data are removed within ${RETENTION.deletedAccountDays} days; billing records are kept as the privacy policy states.`
          }
        >
          {deleteStep === 'confirm' && me ? (
            <ConfirmIdentityForm
              user={me.user}
              action="delete your account"
              onConfirmed={() => void confirmed(() => deleteAccount(true))}
            />
          ) : (
            <>
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
              <Button
                variant="danger"
                className="mt-4"
                disabled={typed !== ACCOUNT_DELETION_WORD || busy}
                onClick={() => void deleteAccount()}
              >
                {busy && <Loader2 className="size-4 animate-spin" aria-hidden />} Delete My Account
              </Button>
            </>
          )}
        </DialogContent>
      </Dialog>
    </Card>
  );
}
