import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { X } from 'lucide-react';
import { cn } from '../../components/ui/cn';
import { grantAnalyticsConsent } from '../../lib/analytics';
import { BANNER_DELAY_MS, SLIDE_OUT_MS, readConsent, storeConsent } from './consent';

type Phase = 'hidden' | 'shown' | 'leaving' | 'gone';

/** Appears about a second after load unless consent is stored; both buttons slide it out over 300 ms. */
export function CookieBanner() {
  const [phase, setPhase] = useState<Phase>('hidden');

  useEffect(() => {
    if (readConsent()) return;
    const timer = setTimeout(() => setPhase('shown'), BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (phase !== 'leaving') return;
    const timer = setTimeout(() => setPhase('gone'), SLIDE_OUT_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  if (phase === 'hidden' || phase === 'gone') return null;
  const close = (accept: boolean) => {
    if (accept) {
      storeConsent();
      grantAnalyticsConsent();
    }
    setPhase('leaving');
  };
  return (
    <div
      role="region"
      aria-label="Cookie consent"
      className={cn(
        'fixed inset-x-4 bottom-4 z-40 mx-auto max-w-xl rounded-xl border border-zinc-200 bg-white p-4 shadow-xl transition-transform duration-300 dark:border-zinc-800 dark:bg-zinc-900 sm:left-4 sm:right-auto',
        phase === 'leaving' ? 'translate-y-[150%]' : 'translate-y-0 animate-[slide-up_300ms_ease-out]',
      )}
    >
      <div className="flex items-start gap-3">
        <div className="flex-1">
          <p className="font-semibold">We use cookies</p>
          <p className="mt-1 text-sm text-muted">
            We use cookies for analytics.{' '}
            <Link to="/privacy" className="font-medium text-accent underline-offset-2 hover:underline">
              Learn more
            </Link>
          </p>
        </div>
        <button
          type="button"
          aria-label="Dismiss cookie banner"
          onClick={() => close(false)}
          className="rounded p-1 text-muted hover:bg-zinc-100 dark:hover:bg-zinc-800"
        >
          <X className="size-4" aria-hidden />
        </button>
      </div>
      <div className="mt-3 flex justify-end">
        <button
          type="button"
          onClick={() => close(true)}
          className="rounded-lg bg-accent-solid px-4 py-2 text-sm font-semibold text-white hover:bg-accent-solid-hover"
        >
          Accept
        </button>
      </div>
    </div>
  );
}
