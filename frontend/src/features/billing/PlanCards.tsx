import type { ReactNode } from 'react';
import { Check } from 'lucide-react';
import { formatPrice, type Plan, type TopupPack } from '@printloom/contracts/plans';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../components/ui/cn';

export function PlanCard({ plan, current, action }: { plan: Plan; current?: boolean; action: ReactNode }) {
  return (
    <div
      className={cn(
        'relative flex flex-col rounded-2xl border bg-white p-6 dark:bg-zinc-900/60',
        plan.popular ? 'border-brand-500 shadow-lg shadow-brand-600/10' : 'border-zinc-200 dark:border-zinc-800',
      )}
    >
      {plan.popular && (
        <Badge solid className="absolute -top-3 left-6">
          Most Popular
        </Badge>
      )}
      <h3 className="text-lg font-bold">{plan.name}</h3>
      <p className="mt-2 text-3xl font-black">
        {formatPrice(plan.priceCents)}
        <span className="text-sm font-normal text-muted">/month</span>
      </p>
      <p className="mt-1 text-sm text-muted">{plan.credits.toLocaleString('en-US')} credits every month</p>
      <ul className="mt-5 flex-1 space-y-2 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-6">
        {current ? <p className="rounded-lg bg-zinc-100 py-2 text-center text-sm font-semibold dark:bg-zinc-800">Current Plan</p> : action}
      </div>
    </div>
  );
}

export function TopupCard({ pack, action }: { pack: TopupPack; action: ReactNode }) {
  return (
    <div className="flex flex-col rounded-2xl border border-zinc-200 bg-white p-6 dark:border-zinc-800 dark:bg-zinc-900/60">
      <h3 className="font-bold">{pack.name}</h3>
      <p className="mt-2 text-2xl font-black">{formatPrice(pack.priceCents)}</p>
      <p className="mt-1 text-sm text-muted">
        {pack.credits} credits · {formatPrice(pack.pricePerCreditCents)} per credit
      </p>
      <p className="mt-1 text-xs text-muted">Credits never expire</p>
      <div className="mt-5">{action}</div>
    </div>
  );
}

export function PlanGrid({ children }: { children: ReactNode }) {
  return <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">{children}</div>;
}

export function TopupGrid({ children }: { children: ReactNode }) {
  return <div className="grid gap-6 sm:grid-cols-3">{children}</div>;
}
