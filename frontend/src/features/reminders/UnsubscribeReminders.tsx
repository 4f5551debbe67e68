import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CheckCircle2, Loader2 } from 'lucide-react';
import { LIMITS } from '@printloom/contracts/limits';
import { errorText } from '../../lib/api-client';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { unsubscribeReminders } from './api/unsubscribe-reminders';

const INVALID_LINK = 'This unsubscribe link is not valid.';

type State = { step: 'asking' | 'sending' } | { step: 'done'; message: string } | { step: 'failed'; message: string };

/**
 * Says what stops and asks first: opening the reminder's link changes nothing (mail scanners open
 * links too); only the button posts the token.
 */
export function UnsubscribeReminders({ token }: { token: string | null }) {
  const [state, setState] = useState<State>({ step: 'asking' });

  async function confirm(linkToken: string) {
    setState({ step: 'sending' });
    try {
      const { message } = await unsubscribeReminders(linkToken);
      setState({ step: 'done', message });
    } catch (error) {
      setState({ step: 'failed', message: errorText(error, 'Could not stop the reminders. Please try again.') });
    }
  }

  return (
    <Card aria-labelledby="unsubscribe-title" className="mx-auto max-w-lg">
      <h1 id="unsubscribe-title" className="text-2xl font-bold">
        Stop expiry reminders?
      </h1>
      <p className="mt-3 text-muted">
        You will no longer get the weekly email listing your unstarred designs that expire within {LIMITS.expiryWarningDays} days.
      </p>
      <p className="mt-2 text-muted">
        Your designs still expire on schedule: star the ones you keep in your library. Other emails, such as sign-in codes and billing
        notices, are not affected.
      </p>
      {state.step === 'done' ? (
        <p role="status" className="mt-6 flex items-center gap-2 font-semibold text-accent">
          <CheckCircle2 className="size-5" aria-hidden /> {state.message}
        </p>
      ) : token ? (
        <Button className="mt-6" disabled={state.step === 'sending'} onClick={() => void confirm(token)}>
          {state.step === 'sending' && <Loader2 className="size-4 animate-spin" aria-hidden />} Stop Reminders
        </Button>
      ) : null}
      {(state.step === 'failed' || !token) && (
        <p role="alert" className="mt-4 text-sm font-medium text-danger">
          {state.step === 'failed' ? state.message : INVALID_LINK}
        </p>
      )}
      <p className="mt-6 text-sm">
        <Link to="/generate" className="font-medium text-accent hover:underline">
          Open my library
        </Link>
      </p>
    </Card>
  );
}
