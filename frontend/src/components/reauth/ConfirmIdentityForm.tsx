import { useId, useState, type FormEvent } from 'react';
import { Loader2 } from 'lucide-react';
import { apiUrl, errorText } from '../../lib/api-client';
import { confirmCode, confirmPassword, requestConfirmationCode } from '../../lib/recent-proof';
import { Button, buttonClasses } from '../ui/button';
import { Field } from '../ui/field';
import { Input } from '../ui/input';

export interface IdentityOwner {
  email: string;
  hasPassword: boolean;
  hasGoogleAuth: boolean;
}

/**
 * "Confirm it's you" before an action that needs a recent proof (leaving, connecting Printify, deleting
 * or fetching many designs): the password again; for a Google-only account a new Google sign-in
 * (it lands on the workspace, from where the user comes back); for an account with neither, a code
 * mailed to its address. `onConfirmed` runs once the server accepted the proof.
 */
export function ConfirmIdentityForm({ user, action, onConfirmed }: { user: IdentityOwner; action: string; onConfirmed: () => void }) {
  const [value, setValue] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const byCode = !user.hasPassword && !user.hasGoogleAuth;

  async function run(step: () => Promise<unknown>, fallback: string, then?: () => void) {
    setBusy(true);
    setError(null);
    try {
      await step();
      then?.();
    } catch (failure) {
      setError(errorText(failure, fallback));
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (user.hasPassword) void run(() => confirmPassword(value), 'Could not check the password', onConfirmed);
    else if (byCode && codeSent) void run(() => confirmCode(value.replace(/\D/g, '')), 'Could not check the code', onConfirmed);
  }

  const errorLine = error && (
    <p role="alert" className="text-sm text-danger">
      {error}
    </p>
  );

  if (!user.hasPassword && user.hasGoogleAuth) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-muted">
          Sign in with Google again to confirm it is you, then come back here to {action} (within 10 minutes).
        </p>
        <a href={apiUrl('startGoogleSignIn')} className={buttonClasses('outline', 'sm')}>
          Continue with Google
        </a>
      </div>
    );
  }

  if (byCode && !codeSent) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-muted">
          To {action}, confirm it is you with a code we email to {user.email}.
        </p>
        {errorLine}
        <Button
          size="sm"
          disabled={busy}
          onClick={() => void run(requestConfirmationCode, 'Could not send the code', () => setCodeSent(true))}
        >
          {busy && <Loader2 className="size-4 animate-spin" aria-hidden />} Email me a code
        </Button>
      </div>
    );
  }

  return (
    <form className="space-y-3" onSubmit={submit} noValidate>
      <p className="text-sm text-muted">
        {user.hasPassword ? `To ${action}, enter your password again.` : `We sent a 6-digit code to ${user.email}. Enter it to ${action}.`}
      </p>
      <Field label={user.hasPassword ? 'Password' : '6-digit code'}>
        <Input
          id={id}
          type={user.hasPassword ? 'password' : 'text'}
          inputMode={user.hasPassword ? undefined : 'numeric'}
          autoComplete={user.hasPassword ? 'current-password' : 'one-time-code'}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={error ? true : undefined}
          autoFocus
        />
      </Field>
      {errorLine}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="sm" disabled={busy || value.trim() === ''}>
          {busy && <Loader2 className="size-4 animate-spin" aria-hidden />} Confirm
        </Button>
        {user.hasGoogleAuth && (
          <a href={apiUrl('startGoogleSignIn')} className="text-sm text-accent underline">
            Use Google instead
          </a>
        )}
      </div>
    </form>
  );
}
