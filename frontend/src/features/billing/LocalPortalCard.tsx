import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import type { SubscriptionSummary } from '@printloom/contracts/billing.schemas';
import { errorText } from '../../lib/api-client';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { toast } from '../../components/ui/toast';
import { reportPurchases } from './use-purchase-analytics';
import { refreshMe } from '../../lib/current-user';
import { updateLocalPortal } from './api/local-checkout';
import { formatLongDate } from '../../lib/format';

/** Where Manage Billing lands when card payments are not configured: cancel at period end or resume. */
export function LocalPortalCard({ subscription, userId }: { subscription: SubscriptionSummary; userId: string }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const cancelling = subscription.cancelAtPeriodEnd === true;

  async function update(cancelAtPeriodEnd: boolean) {
    setBusy(true);
    try {
      await updateLocalPortal(cancelAtPeriodEnd);
      // The server recorded the cancellation once; report it now rather than on the next visit.
      if (cancelAtPeriodEnd)
        await reportPurchases(userId).catch((error: unknown) => console.error('Purchase analytics unavailable', error));
      toast(
        cancelAtPeriodEnd
          ? { title: 'Plan cancelled', description: `Your plan stays active until ${formatLongDate(subscription.currentPeriodEnd)}.` }
          : { title: 'Plan resumed', description: 'Your plan renews as usual.' },
      );
      await refreshMe(queryClient);
    } catch (error) {
      toast({ title: 'Error', description: errorText(error, 'Failed to update the subscription'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card aria-labelledby="local-portal" className="border-brand-500/40">
      <h2 id="local-portal" className="text-lg font-bold">
        Billing portal
      </h2>
      <p className="mt-2 text-sm text-muted">
        Card payments are not configured on this server, so your plan is managed here.{' '}
        {cancelling
          ? `It ends on ${formatLongDate(subscription.currentPeriodEnd)} and will not renew.`
          : `It renews on ${formatLongDate(subscription.currentPeriodEnd)}.`}
      </p>
      <Button className="mt-4" variant={cancelling ? 'primary' : 'danger'} disabled={busy} onClick={() => void update(!cancelling)}>
        {busy && <Loader2 className="size-4 animate-spin" aria-hidden />}
        {cancelling ? 'Resume Plan' : 'Cancel Plan at Period End'}
      </Button>
    </Card>
  );
}
