import { Link } from 'react-router-dom';
import { Sparkles } from 'lucide-react';
import { TRIAL } from '@printloom/contracts/limits';
import { buttonClasses } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';

export type TrialLevel = 'normal' | 'warning' | 'critical';

/** ≤5 credits emphasises the button, ≤2 turns the whole banner urgent. */
export function trialLevel(credits: number): TrialLevel {
  if (credits <= TRIAL.criticalAt) return 'critical';
  if (credits <= TRIAL.warningAt) return 'warning';
  return 'normal';
}

/**
 * `credits`: everything spendable (sets the urgency); `trialCredits`: what is left of the trial, shown
 * out of TRIAL.credits. `notice`: why this account started without the free credits (the server's words).
 */
export function TrialBanner({ credits, trialCredits = credits, notice }: { credits: number; trialCredits?: number; notice?: string }) {
  const level = trialLevel(credits);
  return (
    <div
      role="note"
      aria-label="Trial credits"
      className={cn(
        'border-b px-4 py-2.5 text-sm sm:px-6',
        level === 'critical'
          ? 'border-red-700 bg-danger-solid text-white'
          : 'border-brand-100 bg-brand-50 text-accent dark:border-brand-600/20 dark:bg-brand-600/10 dark:text-brand-400',
      )}
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-2">
          <Sparkles className="size-4 shrink-0" aria-hidden />
          {level === 'critical' && <strong>Trial credits almost gone!</strong>}
          <span>
            Free trial: <strong>{Math.max(0, Math.min(trialCredits, TRIAL.credits))}</strong> of {TRIAL.credits} credits left
          </span>
        </p>
        <Link
          to="/account"
          data-emphasis={level === 'normal' ? undefined : 'true'}
          className={cn(
            level === 'normal' && buttonClasses('outline', 'sm', 'border-brand-400/50'),
            level === 'warning' && buttonClasses('primary', 'sm', 'shadow-lg shadow-brand-600/30 ring-2 ring-brand-400'),
            level === 'critical' && buttonClasses('inverse', 'sm'),
          )}
        >
          Upgrade Now
        </Link>
        {notice && <p className="w-full">{notice}</p>}
      </div>
    </div>
  );
}
