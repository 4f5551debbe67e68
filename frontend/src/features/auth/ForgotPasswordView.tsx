import type { FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { EmailField } from './EmailField';

/** Asks for the email to send a reset code to. */
export function ForgotPasswordView({
  email,
  onEmailChange,
  busy,
  onSubmit,
  onBack,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
  onBack: () => void;
}) {
  return (
    <form className="mt-6 space-y-3" onSubmit={onSubmit}>
      <EmailField email={email} onEmailChange={onEmailChange} />
      <Button type="submit" className="w-full" disabled={busy || !email.trim()}>
        Send Reset Code
      </Button>
      <Button variant="ghost" className="w-full" onClick={onBack}>
        Back to Login
      </Button>
    </form>
  );
}
