import { AlertTriangle, Loader2 } from 'lucide-react';
import { Button } from '../../components/ui/button';

/** A renewal failed (past_due, unpaid): the way to the billing portal to fix the card comes first. */
export function PaymentFailedNotice({ onOpenPortal, busy }: { onOpenPortal: () => void; busy: boolean }) {
  return (
    <div
      role="alert"
      className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-500/40 bg-red-50 p-4 text-sm text-red-800 dark:bg-red-950/40 dark:text-red-300"
    >
      <p className="flex items-center gap-2 font-semibold">
        <AlertTriangle className="size-4" aria-hidden /> Payment failed — update your card
      </p>
      <Button variant="outline" onClick={onOpenPortal} disabled={busy}>
        {busy && <Loader2 className="size-4 animate-spin" aria-hidden />} Manage Billing
      </Button>
    </div>
  );
}
