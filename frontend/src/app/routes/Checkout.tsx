import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Loader2, Lock, ShieldCheck } from 'lucide-react';
import { formatPrice } from '@printloom/contracts/plans';
import { errorText } from '../../lib/api-client';
import { completeLocalCheckout, useLocalCheckout } from '../../features/billing/api/local-checkout';
import { Logo } from '../../components/layout/Logo';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';

const CHECKOUT_ITEM_LABELS = { subscription: 'Plan', plan_change: 'Plan change', topup: 'Top-up pack' } as const;

/** The local checkout that stands in for Stripe when no key is configured: pay or cancel, no card. */
export default function Checkout() {
  const { sessionId = '' } = useParams();
  const [busy, setBusy] = useState<'pay' | 'cancel' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const session = useLocalCheckout(sessionId);
  const perMonth = session.data?.kind === 'subscription' || session.data?.kind === 'plan_change';
  // An upgrade charges the prorated difference now (Pay is the payment); anything else its price.
  const dueNow = session.data?.dueNowCents;
  const charge = dueNow ?? session.data?.priceCents ?? 0;

  async function complete(action: 'pay' | 'cancel') {
    const checkout = session.data;
    if (!checkout) return;
    setBusy(action);
    setError(null);
    try {
      const { redirectUrl } = await completeLocalCheckout(sessionId, action);
      // The purchase events are reported on /account, as the server confirmed them (the same path as with Stripe).
      window.location.assign(redirectUrl);
    } catch (failure) {
      setError(errorText(failure, 'The payment could not be completed'));
      setBusy(null);
    }
  }

  return (
    <div className="flex min-h-screen flex-col bg-zinc-50 dark:bg-zinc-950">
      <header className="mx-auto flex h-16 w-full max-w-6xl items-center px-4 sm:px-6">
        <Logo to="/generate" />
      </header>
      <main id="main-content" tabIndex={-1} className="flex flex-1 items-start justify-center px-4 py-8 sm:py-16">
        <Card className="w-full max-w-md">
          {session.isLoading && (
            <p className="flex items-center gap-2 text-muted" role="status">
              <Loader2 className="size-4 animate-spin" aria-hidden /> Loading checkout...
            </p>
          )}
          {session.isError && (
            <div role="alert">
              <h1 className="text-xl font-bold">Checkout not found</h1>
              <p className="mt-2 text-sm text-muted">
                {errorText(session.error, 'This checkout session does not exist or belongs to another account.')}
              </p>
              <Link to="/pricing" className={buttonClasses('outline', 'md', 'mt-4')}>
                Back to pricing
              </Link>
            </div>
          )}
          {session.data && (
            <>
              <h1 className="flex items-center gap-2 text-xl font-bold">
                <Lock className="size-4 text-success" aria-hidden /> Checkout
              </h1>
              <dl className="mt-6 space-y-3 rounded-xl bg-zinc-100 p-4 text-sm dark:bg-zinc-800/60">
                <div className="flex justify-between">
                  <dt className="text-muted">{CHECKOUT_ITEM_LABELS[session.data.kind]}</dt>
                  <dd className="font-semibold">{session.data.name}</dd>
                </div>
                <div className="flex justify-between">
                  <dt className="text-muted">Credits</dt>
                  <dd>
                    {session.data.credits}
                    {perMonth ? ' per month' : ', never expire'}
                  </dd>
                </div>
                <div className="flex justify-between border-t border-zinc-200 pt-3 text-base dark:border-zinc-700">
                  <dt className="font-semibold">{dueNow === undefined ? 'Total' : 'Due today'}</dt>
                  <dd className="font-black">
                    {formatPrice(charge)}
                    {perMonth && dueNow === undefined && <span className="text-sm font-normal text-muted">/month</span>}
                  </dd>
                </div>
              </dl>
              {session.data.kind === 'plan_change' && (
                <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">
                  The bigger plan starts now: you pay the difference for the rest of this month, and it buys credits at the new plan&apos;s
                  price per credit. From your next renewal you pay {formatPrice(session.data.priceCents)} a month.
                </p>
              )}
              <p className="mt-4 flex items-start gap-2 text-xs text-muted">
                <ShieldCheck className="size-4 shrink-0" aria-hidden />
                Local test checkout: card payments are not configured on this server, so no card is needed and nothing is charged.
              </p>
              {session.data.status !== 'open' ? (
                <div className="mt-6">
                  <p className="text-sm font-medium">This checkout is already {session.data.status}.</p>
                  <Link to="/account" className={buttonClasses('outline', 'md', 'mt-3')}>
                    Go to your account
                  </Link>
                </div>
              ) : (
                <div className="mt-6 flex flex-col gap-2">
                  <Button size="lg" onClick={() => void complete('pay')} disabled={busy !== null}>
                    {busy === 'pay' && <Loader2 className="size-4 animate-spin" aria-hidden />} Pay {formatPrice(charge)}
                  </Button>
                  <Button variant="ghost" onClick={() => void complete('cancel')} disabled={busy !== null}>
                    Cancel
                  </Button>
                </div>
              )}
              {error && (
                <p className="mt-3 text-sm text-danger" role="alert">
                  {error}
                </p>
              )}
            </>
          )}
        </Card>
      </main>
    </div>
  );
}
