import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { CalendarClock, CreditCard, Lightbulb, Loader2, User } from 'lucide-react';
import { TRIAL } from '@printloom/contracts/limits';
import { CREDIT_COSTS, IMAGES_PER_GENERATION } from '@printloom/contracts/plans';
import { AppPage } from '../../components/layout/AppPage';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useMe } from '../../lib/current-user';
import { currentPlan, isPaymentFailed, rolloverText, scheduledChange, trialCreditsLeft } from '../../features/billing/billing-math';
import { signInMethod } from '../../features/auth/sign-in-method';
import { SetPasswordCard } from '../../features/auth/SetPasswordCard';
import { PaymentFailedNotice } from '../../features/billing/PaymentFailedNotice';
import { redirectTo } from '../../features/billing/redirect-to';
import { downgradePlan, openBillingPortal } from '../../features/billing/api/checkout';
import { CreditHistoryCard } from '../../features/billing/CreditHistoryCard';
import { usePurchaseAnalytics } from '../../features/billing/use-purchase-analytics';
import { formatLongDate } from '../../lib/format';
import { ACCOUNT_SECTIONS } from '../../lib/account-sections';
import { useScrollToHash } from '../../lib/use-scroll-to-hash';
import { LocalPortalCard } from '../../features/billing/LocalPortalCard';
import { StorageUsageCard } from '../../features/account-data/StorageUsageCard';
import { LeaveAccountCard } from '../../features/account-data/LeaveAccountCard';
import { SellerProfileCard } from '../../features/listings/SellerProfileCard';
import { DenylistCard } from '../../features/listings/DenylistCard';
import { ConnectionsCard } from '../../features/publishing/ConnectionsCard';

export default function Account() {
  const { data: me } = useMe();
  const [portalBusy, setPortalBusy] = useState(false);
  const [keepBusy, setKeepBusy] = useState(false);
  const [params] = useSearchParams();
  usePurchaseAnalytics(me?.user.id);
  useScrollToHash(me !== undefined);
  if (!me) return null;
  const plan = currentPlan(me.subscription);
  const subscription = me.subscription;
  const trial = !plan;
  const change = plan ? scheduledChange(subscription) : null;
  const trialLeft = trialCreditsLeft(me);

  async function openPortal() {
    setPortalBusy(true);
    if (!(await redirectTo(openBillingPortal, 'Failed to open customer portal'))) setPortalBusy(false);
  }

  /** Taking a scheduled downgrade back is asking for the current plan again. */
  async function keepPlan(planId: NonNullable<typeof plan>['id']) {
    setKeepBusy(true);
    if (!(await redirectTo(() => downgradePlan(planId), 'Failed to keep your plan'))) setKeepBusy(false);
  }

  return (
    <AppPage back={{ to: '/generate', label: 'Back to Generate' }} title="Account Settings">
      {params.get('checkout') === 'success' && (
        <p
          role="status"
          className="mt-4 rounded-xl border border-emerald-500/40 bg-emerald-50 p-4 text-sm text-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-300"
        >
          Payment successful: your credits have been added.
        </p>
      )}

      {params.get('change') === 'upgraded' && plan && (
        <p
          role="status"
          className="mt-4 rounded-xl border border-emerald-500/40 bg-emerald-50 p-4 text-sm text-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-300"
        >
          Upgrade paid: the credits it bought are added as soon as the payment is confirmed.
        </p>
      )}

      {params.get('change') === 'kept' && plan && (
        <p
          role="status"
          className="mt-4 rounded-xl border border-emerald-500/40 bg-emerald-50 p-4 text-sm text-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-300"
        >
          You stay on the {plan.name} plan.
        </p>
      )}

      {isPaymentFailed(subscription?.status) && <PaymentFailedNotice onOpenPortal={() => void openPortal()} busy={portalBusy} />}

      <div className="mt-8 grid gap-6">
        <Card aria-labelledby="profile">
          <h2 id="profile" className="flex items-center gap-2 text-lg font-bold">
            <User className="size-5 text-accent" aria-hidden /> Profile
          </h2>
          <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-muted">Email</dt>
              <dd className="mt-0.5 break-all font-medium">{me.user.email}</dd>
            </div>
            <div>
              <dt className="text-muted">Sign-in method</dt>
              <dd className="mt-0.5 font-medium">{signInMethod(me.user)}</dd>
            </div>
          </dl>
          {me.user.hasPassword && (
            <Link to="/auth?mode=reset" className={buttonClasses('outline', 'sm', 'mt-4')}>
              Reset Password
            </Link>
          )}
        </Card>

        {!me.user.hasPassword && <SetPasswordCard email={me.user.email} />}

        <Card aria-labelledby={ACCOUNT_SECTIONS.plan}>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <h2 id={ACCOUNT_SECTIONS.plan} className="flex items-center gap-2 text-lg font-bold">
                <CreditCard className="size-5 text-accent" aria-hidden /> {plan ? `${plan.name} Plan` : 'Trial Account'}
              </h2>
              <p className="mt-1 text-sm text-muted">{me.credits} credits available</p>
            </div>
            {!trial && (
              <Button variant="outline" onClick={() => void openPortal()} disabled={portalBusy}>
                {portalBusy && <Loader2 className="size-4 animate-spin" aria-hidden />} Manage Billing
              </Button>
            )}
          </div>

          {trial ? (
            <div className="mt-5">
              <div className="flex justify-between text-sm">
                <span>Trial credits</span>
                <span className="font-semibold">
                  {trialLeft} of {TRIAL.credits} left
                </span>
              </div>
              <div
                className="mt-2 h-2 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
                role="progressbar"
                aria-label="Trial credits left"
                aria-valuemin={0}
                aria-valuemax={TRIAL.credits}
                aria-valuenow={trialLeft}
              >
                <div className="h-full rounded-full bg-brand-500" style={{ width: `${(trialLeft / TRIAL.credits) * 100}%` }} />
              </div>
              {me.trialCreditsExpireAt && trialLeft > 0 && (
                <p className="mt-2 text-sm text-muted">Your trial credits expire on {formatLongDate(me.trialCreditsExpireAt)}.</p>
              )}
              <p className="mt-3 text-sm text-muted">Upgrade for monthly credits, upscaling and the priority queue.</p>
            </div>
          ) : (
            plan &&
            subscription && (
              <dl className="mt-5 grid gap-4 text-sm sm:grid-cols-2">
                <div>
                  <dt className="text-muted">Monthly allocation</dt>
                  <dd className="mt-0.5 font-medium">{plan.credits} credits</dd>
                </div>
                <div>
                  <dt className="text-muted">Rollover limit</dt>
                  <dd className="mt-0.5 font-medium">{rolloverText(plan)}</dd>
                </div>
                <div>
                  <dt className="text-muted">{subscription.cancelAtPeriodEnd ? 'Ends on' : 'Next renewal'}</dt>
                  <dd className="mt-0.5 flex items-center gap-1 font-medium">
                    <CalendarClock className="size-4" aria-hidden /> {formatLongDate(subscription.currentPeriodEnd)}
                  </dd>
                </div>
                <div>
                  <dt className="text-muted">Credits on renewal</dt>
                  <dd className="mt-0.5 font-medium">
                    {subscription.cancelAtPeriodEnd ? 'None (cancelled)' : `+${(change?.plan ?? plan).credits} credits`}
                  </dd>
                </div>
              </dl>
            )
          )}
          {change && plan && (
            <div
              role="status"
              className="mt-5 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-500/40 bg-amber-50 p-4 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
            >
              <p>
                Changes to {change.plan.name} on {formatLongDate(change.on)}
              </p>
              <Button variant="outline" size="sm" onClick={() => void keepPlan(plan.id)} disabled={keepBusy}>
                {keepBusy && <Loader2 className="size-4 animate-spin" aria-hidden />} Keep {plan.name}
              </Button>
            </div>
          )}
          <div className="mt-6 flex flex-wrap gap-2">
            <Link to="/pricing" className={buttonClasses(trial ? 'primary' : 'outline')}>
              Change Plan
            </Link>
            <Link to="/pricing" className={buttonClasses('outline')}>
              Buy Credits
            </Link>
          </div>
        </Card>

        {params.get('portal') === 'local' && plan && subscription && <LocalPortalCard subscription={subscription} userId={me.user.id} />}

        <Card aria-labelledby="billing">
          <h2 id="billing" className="text-lg font-bold">
            Billing Management
          </h2>
          <p className="mt-2 text-sm text-muted">
            {trial
              ? 'You are on the free trial: no payment method is stored. Choose a plan or a top-up pack on the pricing page.'
              : 'Update your card, download invoices or cancel your plan in the billing portal. A cancelled plan stays active until the end of the period you paid for.'}
          </p>
        </Card>

        <CreditHistoryCard />

        <StorageUsageCard />

        <SellerProfileCard />

        <DenylistCard />
        <ConnectionsCard />

        <Card aria-labelledby="tip" className="border-dashed">
          <h2 id="tip" className="flex items-center gap-2 font-bold">
            <Lightbulb className="size-4 text-amber-500" aria-hidden /> Credit usage
          </h2>
          <p className="mt-2 text-sm text-muted">
            One generation uses {CREDIT_COSTS.generation} credit for {IMAGES_PER_GENERATION} images. Upscaling uses {CREDIT_COSTS.upscale}{' '}
            credits, describing an image {CREDIT_COSTS.describe}; background removal is free. Star the designs you want to keep for a year.
          </p>
        </Card>

        <LeaveAccountCard />
      </div>
    </AppPage>
  );
}
