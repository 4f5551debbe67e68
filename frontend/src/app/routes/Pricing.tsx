import { useState } from 'react';
import { Lightbulb, Loader2 } from 'lucide-react';
import { PLANS, TOPUPS, findPlan, type Plan } from '@printloom/contracts/plans';
import { AppPage } from '../../components/layout/AppPage';
import { Button } from '../../components/ui/button';
import { useMe } from '../../lib/current-user';
import { PlanCard, PlanGrid, TopupCard, TopupGrid } from '../../features/billing/PlanCards';
import { planChoice, savingsTip, scheduledChange } from '../../features/billing/billing-math';
import { formatLongDate } from '../../lib/format';
import { listNames } from '../../lib/text';
import { redirectTo } from '../../features/billing/redirect-to';
import { createCheckout, createTopupCheckout, downgradePlan, upgradePlan } from '../../features/billing/api/checkout';

/** The plan button's words: subscribe, upgrade (paid now), downgrade (from the renewal), or keep over a scheduled change. */
const ACTION_WORDS = { subscribe: 'Subscribe to', upgrade: 'Upgrade to', downgrade: 'Downgrade to', keep: 'Keep', none: 'Keep' } as const;

export default function Pricing() {
  const { data: me } = useMe();
  const [busy, setBusy] = useState<string | null>(null);
  // On /pricing only an active subscription counts as the current plan.
  const activePlanId = me?.subscription?.status === 'active' ? me.subscription.planId : null;
  // A scheduled downgrade: the current plan can be kept (asking for it again takes the change back).
  const change = activePlanId ? scheduledChange(me?.subscription) : null;
  const active = activePlanId ? findPlan(activePlanId) : undefined;

  /** A new subscription goes through checkout; a subscriber's upgrade is paid now, a downgrade waits for the renewal. */
  function choose(plan: Plan) {
    const choice = planChoice(plan, active, change !== null);
    if (choice === 'subscribe') return go(plan.id, () => createCheckout(plan.id), 'Failed to create checkout session');
    if (choice === 'upgrade') return go(plan.id, () => upgradePlan(plan.id), 'Failed to upgrade your plan');
    return go(plan.id, () => downgradePlan(plan.id), choice === 'keep' ? 'Failed to keep your plan' : 'Failed to change your plan');
  }

  async function go(id: string, request: () => Promise<{ url: string }>, fallback: string) {
    setBusy(id);
    if (!(await redirectTo(request, fallback))) setBusy(null);
  }

  const busyLabel = (id: string, label: string) =>
    busy === id ? (
      <>
        <Loader2 className="size-4 animate-spin" aria-hidden /> Redirecting...
      </>
    ) : (
      label
    );

  return (
    <AppPage back={{ to: '/account', label: 'Back to Account' }} title="Plans and credits" width="wide">
      <p className="mt-2 text-muted">Pick a monthly plan, or top up credits that never expire.</p>
      {active && (
        <p className="mt-2 text-sm text-muted">
          An upgrade starts now: you pay the difference for the rest of this month and get the credits it buys at the new plan&apos;s price
          per credit. A downgrade starts at your next renewal, with nothing charged or refunded.
        </p>
      )}

      <section className="mt-10" aria-labelledby="plans">
        <h2 id="plans" className="sr-only">
          Monthly plans
        </h2>
        <PlanGrid>
          {PLANS.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              current={plan.id === activePlanId && !change}
              action={
                change?.plan.id === plan.id ? (
                  <p className="rounded-lg bg-amber-50 py-2 text-center text-sm font-semibold text-amber-900 dark:bg-amber-950/40 dark:text-amber-200">
                    Starts on {formatLongDate(change.on)}
                  </p>
                ) : (
                  <Button
                    className="w-full"
                    variant={plan.popular ? 'primary' : 'outline'}
                    disabled={busy !== null}
                    onClick={() => void choose(plan)}
                  >
                    {busyLabel(plan.id, `${ACTION_WORDS[planChoice(plan, active, change !== null)]} ${plan.name}`)}
                  </Button>
                )
              }
            />
          ))}
        </PlanGrid>
      </section>

      <section className="mt-14" aria-labelledby="topups">
        <h2 id="topups" className="text-2xl font-black">
          Top-up packs
        </h2>
        <p className="mt-1 text-sm text-muted">One-time purchases; the credits never expire.</p>
        <div className="mt-6">
          <TopupGrid>
            {TOPUPS.map((pack) => (
              <TopupCard
                key={pack.id}
                pack={pack}
                action={
                  <Button
                    className="w-full"
                    variant="outline"
                    disabled={busy !== null}
                    onClick={() => void go(pack.id, () => createTopupCheckout(pack.id), 'Failed to create top-up checkout')}
                  >
                    {busyLabel(pack.id, `Buy ${pack.name}`)}
                  </Button>
                }
              />
            ))}
          </TopupGrid>
        </div>
      </section>

      <section
        className="mt-12 rounded-2xl border border-zinc-200 bg-white p-6 dark:border-zinc-800 dark:bg-zinc-900/60"
        aria-labelledby="tips"
      >
        <h2 id="tips" className="flex items-center gap-2 font-bold">
          <Lightbulb className="size-4 text-amber-500" aria-hidden /> Tips
        </h2>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-muted">
          <li>{savingsTip()} A plan is the cheaper way to buy credits if you generate every month.</li>
          <li>Top-up credits never expire, so they suit busy seasons on top of a plan.</li>
          <li>
            {listNames(PLANS.filter((plan) => plan.rollover).map((plan) => plan.name))} carry part of your unused credits into the next
            month.
          </li>
        </ul>
      </section>
    </AppPage>
  );
}
