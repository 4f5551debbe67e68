import { useEffect, useState, type FormEvent, type ReactElement } from 'react';
import { LIMITS, TRIAL } from '@printloom/contracts/limits';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { errorText, hasErrorCode } from '../../lib/api-client';
import { logIn, resendVerification, signUp, verifyEmail } from './api/sign-in';
import { forgotPassword, resetPassword as resetPasswordWithCode } from './api/reset-password';
import { googleSignInUrl } from './api/google-sign-in';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { useToast } from '../../components/ui/toast';
import { CodeInput } from './CodeInput';
import { track } from '../../lib/analytics';
import { Logo } from '../../components/layout/Logo';
import { ThemeToggle } from '../../components/layout/ThemeToggle';
import { refreshMe } from '../../lib/current-user';

type View = 'login' | 'signup' | 'verify-email' | 'forgot-password' | 'reset-password';

function initialView(mode: string | null): View {
  if (mode === 'signup') return 'signup';
  if (mode === 'reset') return 'forgot-password';
  return 'login';
}

export default function Auth() {
  const [params] = useSearchParams();
  const [view, setView] = useState<View>(initialView(params.get('mode')));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    const error = params.get('error');
    if (error) toast({ title: 'Error', description: error, variant: 'destructive' });
  }, [params, toast]);

  const fail = (error: unknown, fallback: string) =>
    toast({ title: 'Error', description: errorText(error, fallback), variant: 'destructive' });
  const signedIn = async () => {
    await refreshMe(queryClient);
    navigate('/generate');
  };

  async function submitCredentials(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const reply = view === 'signup' ? await signUp({ email, password }) : await logIn({ email, password });
      if (view === 'signup') track('signup', { user_id: reply.user.id });
      if ('requiresVerification' in reply && reply.requiresVerification) {
        toast({ title: 'Check your email', description: "We've sent you a 6-digit verification code." });
        setCode('');
        setView('verify-email');
      } else {
        toast(
          view === 'signup' ? { title: 'Account created!' } : { title: 'Welcome back!', description: "You've successfully logged in." },
        );
        await signedIn();
      }
    } catch (error) {
      if (hasErrorCode(error, 'FORBIDDEN') && error.details.requiresVerification === true) {
        toast({ title: 'Verification Required', description: 'Please verify your email to continue.' });
        setView('verify-email');
      } else fail(error, 'Authentication failed');
    } finally {
      setBusy(false);
    }
  }

  async function verify(value = code) {
    if (value.length !== 6)
      return toast({ title: 'Invalid Code', description: 'Please enter a 6-digit verification code.', variant: 'destructive' });
    setBusy(true);
    try {
      const reply = await verifyEmail(email, value);
      track('email_verified', { user_id: reply.user.id });
      track('trial_credits_granted', { user_id: reply.user.id, credits: TRIAL.credits });
      toast({ title: 'Email Verified!', description: 'Your account has been activated.' });
      await signedIn();
    } catch (error) {
      fail(error, 'Verification failed');
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    try {
      await (view === 'verify-email' ? resendVerification : forgotPassword)(email);
      toast({ title: 'Code Sent', description: 'A new verification code has been sent to your email.' });
    } catch (error) {
      fail(error, view === 'verify-email' ? 'Failed to resend code' : 'Failed to send reset code');
    }
  }

  async function sendResetCode(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await forgotPassword(email);
      toast({ title: 'Code Sent', description: 'Check your email for a 6-digit reset code.' });
      setView('reset-password');
    } catch (error) {
      fail(error, 'Failed to send reset code');
    } finally {
      setBusy(false);
    }
  }

  async function resetPassword(event: FormEvent) {
    event.preventDefault();
    if (code.length !== 6)
      return toast({ title: 'Invalid Code', description: 'Please enter a 6-digit reset code.', variant: 'destructive' });
    if (password.length < LIMITS.passwordMinChars)
      return toast({ title: 'Invalid Password', description: 'Password must be at least 8 characters.', variant: 'destructive' });
    setBusy(true);
    try {
      await resetPasswordWithCode(email, code, password);
      toast({ title: 'Password Reset', description: 'Your password has been reset successfully. Please log in.' });
      setCode('');
      setPassword('');
      setView('login');
    } catch (error) {
      fail(error, 'Password reset failed');
    } finally {
      setBusy(false);
    }
  }

  const heading = {
    login: ['Welcome back', 'Sign in to your Printloom workspace'],
    signup: ['Create your account', `Start with ${TRIAL.credits} free credits, no card needed`],
    'verify-email': ['Verify your email', `Enter the 6-digit code we sent to ${email || 'your email'}.`],
    'forgot-password': ['Reset your password', "Enter your email and we'll send you a reset code."],
    'reset-password': ['Choose a new password', `Enter the code we sent to ${email || 'your email'} and a new password.`],
  }[view];

  return (
    <div className="flex min-h-screen flex-col">
      <header className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between px-4 sm:px-6">
        <Logo />
        <ThemeToggle />
      </header>
      <main id="main-content" tabIndex={-1} className="flex flex-1 items-center justify-center p-4 sm:p-6">
        <div className="w-full max-w-sm rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm sm:p-8 dark:border-zinc-800 dark:bg-zinc-900/60">
          <h1 className="text-2xl font-bold">{heading[0]}</h1>
          <p className="mt-1 text-sm text-muted">{heading[1]}</p>

          {(view === 'login' || view === 'signup') && (
            <form className="mt-6 space-y-4" onSubmit={submitCredentials}>
              <Button variant="outline" className="w-full" onClick={() => window.location.assign(googleSignInUrl())}>
                <GoogleMark /> Continue with Google
              </Button>
              <div className="flex items-center gap-3 text-xs uppercase text-muted" aria-hidden>
                <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
                or
                <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
              </div>
              <Field label="Email">
                <Input
                  id="email"
                  type="email"
                  autoComplete="email"
                  placeholder="you@example.com"
                  required
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                />
              </Field>
              <Field label="Password">
                <Input
                  id="password"
                  type="password"
                  autoComplete={view === 'signup' ? 'new-password' : 'current-password'}
                  placeholder={view === 'signup' ? 'At least 8 characters' : 'Your password'}
                  required
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                />
              </Field>
              {view === 'login' && (
                <button
                  type="button"
                  className="text-sm font-medium text-accent hover:underline"
                  onClick={() => setView('forgot-password')}
                >
                  Forgot password?
                </button>
              )}
              <Button type="submit" className="w-full" disabled={busy}>
                {view === 'signup' ? 'Sign up' : 'Sign in'}
              </Button>
              <p className="text-center text-sm text-muted">
                {view === 'signup' ? 'Already have an account? ' : "Don't have an account? "}
                <button
                  type="button"
                  className="font-semibold text-accent hover:underline"
                  onClick={() => setView(view === 'signup' ? 'login' : 'signup')}
                >
                  {view === 'signup' ? 'Sign in' : 'Sign up'}
                </button>
              </p>
            </form>
          )}

          {view === 'verify-email' && (
            <div className="mt-6 space-y-3">
              <CodeInput value={code} onChange={setCode} onComplete={(value) => void verify(value)} />
              <Button className="w-full" disabled={busy || code.length !== 6} onClick={() => void verify()}>
                Verify Email
              </Button>
              <Button variant="outline" className="w-full" onClick={() => void resend()}>
                Resend Code
              </Button>
              <Button variant="ghost" className="w-full" onClick={() => setView('login')}>
                Back to Login
              </Button>
            </div>
          )}

          {view === 'forgot-password' && (
            <form className="mt-6 space-y-3" onSubmit={sendResetCode}>
              <Field label="Email">
                <Input
                  id="email"
                  type="email"
                  autoComplete="email"
                  placeholder="you@example.com"
                  required
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                />
              </Field>
              <Button type="submit" className="w-full" disabled={busy || !email.trim()}>
                Send Reset Code
              </Button>
              <Button variant="ghost" className="w-full" onClick={() => setView('login')}>
                Back to Login
              </Button>
            </form>
          )}

          {view === 'reset-password' && (
            <form className="mt-6 space-y-3" onSubmit={resetPassword}>
              <CodeInput value={code} onChange={setCode} label="Reset code" />
              <Field label="New password">
                <Input
                  id="new-password"
                  type="password"
                  autoComplete="new-password"
                  placeholder="At least 8 characters"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                />
              </Field>
              <Button type="submit" className="w-full" disabled={busy || code.length !== 6 || password.length < LIMITS.passwordMinChars}>
                Reset Password
              </Button>
              <Button variant="outline" className="w-full" onClick={() => void resend()}>
                Resend Code
              </Button>
              <Button variant="ghost" className="w-full" onClick={() => setView('login')}>
                Back to Login
              </Button>
            </form>
          )}
        </div>
      </main>
    </div>
  );
}

function Field({ label, children }: { label: string; children: ReactElement<{ id: string }> }) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={children.props.id} className="text-sm font-medium">
        {label}
      </label>
      {children}
    </div>
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
