import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';

/** The email field of the sign-in, sign-up and forgot-password views. */
export function EmailField({ email, onEmailChange }: { email: string; onEmailChange: (email: string) => void }) {
  return (
    <Field label="Email">
      <Input
        id="email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        required
        value={email}
        onChange={(event) => onEmailChange(event.target.value)}
      />
    </Field>
  );
}
