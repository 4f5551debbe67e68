import { Link } from 'react-router-dom';
import { Coins } from 'lucide-react';
import { Tooltip } from '../ui/tooltip';

/** Billing did not answer in time: the credits shown would be a guess. */
export const STALE_CREDITS_TITLE = 'Credits could not be checked just now';

/** The credits figure the header shows: "—" while the server says it is stale. */
export const creditsShown = (credits: number, stale: boolean) => (stale ? '—' : String(credits));

/** The header's credits badge, a link to the account page. */
export function CreditsBadge({ credits, stale }: { credits: number; stale: boolean }) {
  return (
    <Tooltip content={stale ? STALE_CREDITS_TITLE : 'Credits left: 1 credit makes 4 images'}>
      <Link
        to="/account"
        className="inline-flex items-center gap-1.5 rounded-full bg-brand-100 px-3 py-1.5 text-sm font-semibold text-accent hover:bg-brand-50 dark:bg-brand-600/20 dark:text-brand-400"
        title={stale ? STALE_CREDITS_TITLE : undefined}
        aria-label={stale ? `${STALE_CREDITS_TITLE}, account and billing` : `${credits} credits, account and billing`}
      >
        <Coins className="size-4" aria-hidden />
        <span>{creditsShown(credits, stale)} credits</span>
      </Link>
    </Tooltip>
  );
}
