import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, Loader2 } from 'lucide-react';
import { LIMITS } from '@printloom/contracts/limits';
import { errorText } from '../../lib/api-client';
import { refreshMe } from '../../lib/current-user';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { requestPasswordCode, setPassword } from './api/set-password';
import { CodeInput } from './CodeInput';

/**
 * For an account without a password (Google-only, or verified from another browser than its sign-up):
 * a code mailed to the account's address, then the code and the new password.
 */
export function SetPasswordCard({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const [codeSent, setCodeSent] = useState(false);
  const [code, setCode] = useState('');
  const [password, setPasswordText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function sendCode() {
    setBusy(true);
    setError(null);
    try {
      const { message } = await requestPasswordCode();
      setCodeSent(true);
      toast({ title: 'Code sent', description: message });
    } catch (failure) {
      setError(errorText(failure, 'Failed to send the code'));
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { message } = await setPassword(code, password);
      toast({ title: 'Password set', description: message });
      await refreshMe(queryClient);
    } catch (failure) {
      setError(errorText(failure, 'Failed to set the password'));
      setBusy(false);
    }
  }

  return (
    <Card aria-labelledby="set-password">
      <h2 id="set-password" className="flex items-center gap-2 text-lg font-bold">
        <KeyRound className="size-5 text-accent" aria-hidden /> Set a password
      </h2>
      <p className="mt-2 text-sm text-muted">
        Your account has no password yet. To set one, we email a code to <span className="break-all font-medium">{email}</span>.
      </p>
      {error && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {error}
        </p>
      )}
      {codeSent ? (
        <form className="mt-4 max-w-sm space-y-3" onSubmit={(event) => void submit(event)}>
          <CodeInput value={code} onChange={setCode} label="Code from the email" />
          <Field label="New password">
            <Input
              id="set-password-new"
              type="password"
              autoComplete="new-password"
              placeholder={`At least ${LIMITS.passwordMinChars} characters`}
              value={password}
              onChange={(event) => setPasswordText(event.target.value)}
            />
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy || code.length !== 6 || password.length < LIMITS.passwordMinChars}>
              {busy && <Loader2 className="size-4 animate-spin" aria-hidden />} Set Password
            </Button>
            <Button variant="ghost" onClick={() => void sendCode()} disabled={busy}>
              Resend Code
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="outline" size="sm" className="mt-4" onClick={() => void sendCode()} disabled={busy}>
          {busy && <Loader2 className="size-4 animate-spin" aria-hidden />} Email Me a Code
        </Button>
      )}
    </Card>
  );
}
