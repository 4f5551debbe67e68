import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { refreshMe, useMe } from '../../lib/current-user';
import { isReauthRequired, ProofDeclined } from '../../lib/recent-proof';
import { Dialog, DialogContent } from '../ui/dialog';
import { ConfirmIdentityForm } from './ConfirmIdentityForm';

/** Runs an action that may need a recent proof; `action` completes "To …, confirm it is you" (e.g. "connect Printify"). */
export type WithProof = <T>(action: string, attempt: () => Promise<T>) => Promise<T>;

interface Asking {
  action: string;
  settle: (confirmed: boolean) => void;
}

const RecentProofContext = createContext<WithProof | null>(null);

/**
 * The one "Confirm it's you" dialog of the app. `withProof(action, attempt)` runs `attempt`; when the
 * server answers 403 REAUTH_REQUIRED it asks for the password (Google, or a mailed code for an account
 * with neither), and once the proof is accepted runs `attempt` again, so the action goes on. Closing the
 * dialog rejects with ProofDeclined (the caller says nothing more).
 */
export function RecentProofProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<Asking | null>(null);

  const withProof = useCallback<WithProof>(async (action, attempt) => {
    try {
      return await attempt();
    } catch (error) {
      if (!isReauthRequired(error)) throw error;
    }
    const confirmed = await new Promise<boolean>((settle) => setAsking({ action, settle }));
    if (!confirmed) throw new ProofDeclined();
    return attempt();
  }, []);

  function settle(confirmed: boolean) {
    asking?.settle(confirmed);
    setAsking(null);
  }

  return (
    <RecentProofContext.Provider value={withProof}>
      {children}
      <Dialog open={asking !== null} onOpenChange={(open) => !open && settle(false)}>
        <DialogContent title="Confirm it's you" description="This action needs your password (or a code we email you) again.">
          {asking && (
            <ProofForm
              action={asking.action}
              // The proof shows in /me from now on; the action goes on without asking again.
              onConfirmed={() => void refreshMe(queryClient).finally(() => settle(true))}
            />
          )}
        </DialogContent>
      </Dialog>
    </RecentProofContext.Provider>
  );
}

/** Reads the user only while asking (public pages never load /me for it). */
function ProofForm({ action, onConfirmed }: { action: string; onConfirmed: () => void }) {
  const { data: me } = useMe();
  return me ? <ConfirmIdentityForm user={me.user} action={action} onConfirmed={onConfirmed} /> : null;
}

const withoutDialog: WithProof = (_action, attempt) => attempt();

/** `withProof` of the app's RecentProofProvider; outside one (a screen tested alone) the refusal comes back as the error. */
export function useRecentProof(): WithProof {
  return useContext(RecentProofContext) ?? withoutDialog;
}
