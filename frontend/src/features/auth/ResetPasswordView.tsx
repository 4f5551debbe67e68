import type { FormEvent } from 'react';
import { LIMITS } from '@printloom/contracts/limits';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { CodeInput } from './CodeInput';

/** The reset code from the email and the new password. */
export function ResetPasswordView({
  code,
  onCodeChange,
  password,
  onPasswordChange,
  busy,
  onSubmit,
  onResend,
  onBack,
}: {
  code: string;
  onCodeChange: (code: string) => void;
  password: string;
  onPasswordChange: (password: string) => void;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
  onResend: () => void;
  onBack: () => void;
}) {
  return (
    <form className="mt-6 space-y-3" onSubmit={onSubmit}>
      <CodeInput value={code} onChange={onCodeChange} label="Reset code" />
      <Field label="New password">
        <Input
          id="new-password"
          type="password"
          autoComplete="new-password"
          placeholder="At least 8 characters"
          value={password}
          onChange={(event) => onPasswordChange(event.target.value)}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={busy || code.length !== 6 || password.length < LIMITS.passwordMinChars}>
        Reset Password
      </Button>
      <Button variant="outline" className="w-full" onClick={onResend}>
        Resend Code
      </Button>
      <Button variant="ghost" className="w-full" onClick={onBack}>
        Back to Login
      </Button>
    </form>
  );
}
