import { Link, Navigate } from 'react-router-dom';
import { useMe } from '../../features/auth/use-me';
import { PLANS, TOPUPS, formatPrice } from '@printloom/contracts/plans';

export default function Landing() {
  const { data: me } = useMe();
  if (me?.user) return <Navigate to="/generate" replace />;
  return (
    <main className="mx-auto max-w-5xl px-6 py-16">
      <span className="rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-700 dark:bg-brand-600/20 dark:text-brand-400">
        No Complex Prompts Required
      </span>
      <h1 className="mt-6 text-5xl font-black tracking-tight">Print-ready designs from a plain idea</h1>
      <p className="mt-4 max-w-2xl text-lg text-zinc-500">
        Type an idea, get 4 transparent, print-size variants in about 30 seconds.
      </p>
      <div className="mt-8 flex gap-3">
        <Link to="/auth?mode=signup" className="rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700">Start Creating Free</Link>
        <Link to="/examples" className="rounded-lg border border-zinc-300 px-5 py-3 font-semibold dark:border-zinc-700">View Examples</Link>
      </div>
      <section className="mt-16 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Plans">
        {PLANS.map((plan) => (
          <div key={plan.id} className="rounded-xl border border-zinc-200 p-5 dark:border-zinc-800">
            <h2 className="font-bold">{plan.name}</h2>
            <p className="mt-1 text-2xl font-black">{formatPrice(plan.priceCents)}<span className="text-sm font-normal text-zinc-500">/month</span></p>
            <p className="text-sm text-zinc-500">{plan.credits} credits</p>
          </div>
        ))}
      </section>
      <section className="mt-6 grid gap-4 sm:grid-cols-3" aria-label="Top-up packs">
        {TOPUPS.map((pack) => (
          <div key={pack.id} className="rounded-xl border border-zinc-200 p-5 dark:border-zinc-800">
            <h2 className="font-bold">{pack.name}</h2>
            <p className="text-sm text-zinc-500">{pack.credits} credits · {formatPrice(pack.priceCents)}</p>
          </div>
        ))}
      </section>
    </main>
  );
}
