import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { GOOGLE_SIGNUP_PARAM } from '@printloom/contracts/endpoints';
import { TRIAL } from '@printloom/contracts/limits';
import { track } from '../../lib/analytics';

/** A Google sign-up is a sign-up with the email already verified by Google: the same three events as the email path. */
export function trackGoogleSignup(userId: string): void {
  track('signup', { user_id: userId });
  track('email_verified', { user_id: userId });
  track('trial_credits_granted', { user_id: userId, credits: TRIAL.credits });
}

/** On /generate after Google made the account (the server's redirect says so): report once, then drop the marker from the URL. */
export function useGoogleSignupAnalytics(userId: string | undefined): void {
  const [params, setParams] = useSearchParams();
  const signedUp = params.has(GOOGLE_SIGNUP_PARAM);
  useEffect(() => {
    if (!signedUp || !userId) return;
    trackGoogleSignup(userId);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(GOOGLE_SIGNUP_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [signedUp, userId, setParams]);
}
