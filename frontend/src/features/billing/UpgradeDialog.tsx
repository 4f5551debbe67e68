import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Check, Loader2 } from 'lucide-react';
import { findPlan, formatPrice } from '@printloom/contracts/plans';
import { redirectTo } from './redirect-to';
import { createCheckout, upgradePlan } from './api/checkout';
import { currentPlan } from './billing-math';
import { useMe } from '../../lib/current-user';
import { Button, buttonClasses } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';

const creator = findPlan('creator')!;
/** The dialog also advertises credit rollover and upscaling for Creator, beyond the plan's own feature list. */
const ADVERTISED = [...creator.features, 'Unused credits roll over', 'Upscaling for print-size files'];

export function UpgradeDialog({ open, onOpenChange, reason }: { open: boolean; onOpenChange: (open: boolean) => void; reason?: string }) {
  const [busy, setBusy] = useState(false);
  const current = currentPlan(useMe().data?.subscription);
  // A subscriber upgrades (the difference paid now); on Creator or above there is nothing to upgrade to here.
  const offer = !current || current.priceCents < creator.priceCents;
  async function checkout() {
    setBusy(true);
    const request = current ? () => upgradePlan(creator.id) : () => createCheckout(creator.id);
    if (!(await redirectTo(request, current ? 'Failed to upgrade your plan' : 'Failed to create checkout session'))) setBusy(false);
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={`Upgrade to ${creator.name}`} description={reason ?? 'Get more credits, upscaling and the priority queue.'}>
        <p className="text-3xl font-black">
          {formatPrice(creator.priceCents)}
          <span className="text-base font-normal text-muted">/month</span>
        </p>
        <ul className="mt-4 space-y-2 text-sm">
          {[...new Set(ADVERTISED)].map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
              {feature}
            </li>
          ))}
        </ul>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Link to="/pricing" className={buttonClasses('outline')}>
            See all plans
          </Link>
          {offer && (
            <Button onClick={() => void checkout()} disabled={busy}>
              {busy && <Loader2 className="size-4 animate-spin" aria-hidden />} Upgrade to {creator.name}
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
