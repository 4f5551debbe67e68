import type { FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { EmailField } from './EmailField';
import { googleSignInUrl } from './api/google-sign-in';

/** The login and the signup view: one form (Google, or email and password), worded for each. */
export function CredentialsView({
  mode,
  email,
  onEmailChange,
  password,
  onPasswordChange,
  busy,
  onSubmit,
  onForgotPassword,
  onSwitchMode,
}: {
  mode: 'login' | 'signup';
  email: string;
  onEmailChange: (email: string) => void;
  password: string;
  onPasswordChange: (password: string) => void;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
  onForgotPassword: () => void;
  onSwitchMode: () => void;
}) {
  return (
    <form className="mt-6 space-y-4" onSubmit={onSubmit}>
      <Button variant="outline" className="w-full" onClick={() => window.location.assign(googleSignInUrl())}>
        <GoogleMark /> Continue with Google
      </Button>
      <div className="flex items-center gap-3 text-xs uppercase text-muted" aria-hidden>
        <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
        or
        <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
      </div>
      <EmailField email={email} onEmailChange={onEmailChange} />
      <Field label="Password">
        <Input
          id="password"
          type="password"
          autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
          placeholder={mode === 'signup' ? 'At least 8 characters' : 'Your password'}
          required
          value={password}
          onChange={(event) => onPasswordChange(event.target.value)}
        />
      </Field>
      {mode === 'login' && (
        <button type="button" className="text-sm font-medium text-accent hover:underline" onClick={onForgotPassword}>
          Forgot password?
        </button>
      )}
      <Button type="submit" className="w-full" disabled={busy}>
        {mode === 'signup' ? 'Sign up' : 'Sign in'}
      </Button>
      <p className="text-center text-sm text-muted">
        {mode === 'signup' ? 'Already have an account? ' : "Don't have an account? "}
        <button type="button" className="font-semibold text-accent hover:underline" onClick={onSwitchMode}>
          {mode === 'signup' ? 'Sign in' : 'Sign up'}
        </button>
      </p>
    </form>
  );
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-4" aria-hidden>
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
      />
      <path fill="#FBBC05" d="M5.84 14.1a6.6 6.6 0 0 1 0-4.2V7.06H2.18a11 11 0 0 0 0 9.88l3.66-2.84z" />
      <path fill="#EA4335" d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A11 11 0 0 0 2.18 7.06l3.66 2.84C6.71 7.3 9.14 5.38 12 5.38z" />
    </svg>
  );
}
