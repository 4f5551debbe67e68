import { Button } from '../../components/ui/button';
import { CodeInput } from './CodeInput';

/** After signup (or a login that needs it): the 6-digit code from the email; `onVerify()` sends the typed code. */
export function VerifyEmailView({
  code,
  onCodeChange,
  busy,
  onVerify,
  onResend,
  onBack,
}: {
  code: string;
  onCodeChange: (code: string) => void;
  busy: boolean;
  onVerify: (code?: string) => void;
  onResend: () => void;
  onBack: () => void;
}) {
  return (
    <div className="mt-6 space-y-3">
      <CodeInput value={code} onChange={onCodeChange} onComplete={(value) => onVerify(value)} />
      <Button className="w-full" disabled={busy || code.length !== 6} onClick={() => onVerify()}>
        Verify Email
      </Button>
      <Button variant="outline" className="w-full" onClick={onResend}>
        Resend Code
      </Button>
      <Button variant="ghost" className="w-full" onClick={onBack}>
        Back to Login
      </Button>
    </div>
  );
}
