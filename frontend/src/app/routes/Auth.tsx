import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorText } from '../../lib/api';
import { Button, Input } from '../../components/ui/button';
import { useToast } from '../../components/ui/toast';
import { normaliseCode } from '../../features/auth/code-input';
import { meQueryKey } from '../../features/auth/use-me';

type View = 'login' | 'signup' | 'verify-email' | 'forgot-password' | 'reset-password';

function initialView(mode: string | null): View {
  if (mode === 'signup') return 'signup';
  if (mode === 'reset') return 'forgot-password';
  return 'login';
}

function CodeInput({ value, onChange, onComplete }: { value: string; onChange: (code: string) => void; onComplete?: (code: string) => void }) {
  return (
    <Input
      aria-label="6-digit code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      className="text-center text-2xl tracking-[0.5em]"
      value={value}
      onChange={(event) => {
        const code = normaliseCode(event.target.value);
        onChange(code);
        if (code.length === 6) onComplete?.(code);
      }}
      onPaste={(event) => {
        event.preventDefault();
        const code = normaliseCode(event.clipboardData.getData('text'));
        onChange(code);
        if (code.length === 6) onComplete?.(code);
      }}
    />
  );
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

  const fail = (error: unknown, fallback: string) => toast({ title: 'Error', description: errorText(error, fallback), variant: 'destructive' });
  const signedIn = async () => {
    await queryClient.invalidateQueries({ queryKey: meQueryKey });
    navigate('/generate');
  };

  async function submitCredentials(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      if (view === 'signup') {
        await apiRequest('POST', '/api/auth/signup', { email, password });
        toast({ title: 'Check your email', description: "We've sent you a 6-digit verification code." });
        setView('verify-email');
      } else {
        await apiRequest('POST', '/api/auth/login', { email, password });
        toast({ title: 'Welcome back!', description: "You've successfully logged in." });
        await signedIn();
      }
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('403') && error.message.includes('requiresVerification')) {
        toast({ title: 'Verification Required', description: 'Please verify your email to continue.' });
        setView('verify-email');
      } else fail(error, 'Authentication failed');
    } finally {
      setBusy(false);
    }
  }

  async function verify(value = code) {
    if (value.length !== 6) return toast({ title: 'Invalid Code', description: 'Please enter a 6-digit verification code.', variant: 'destructive' });
    setBusy(true);
    try {
      await apiRequest('POST', '/api/auth/verify-email', { email, code: value });
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
      await apiRequest('POST', view === 'verify-email' ? '/api/auth/resend-verification' : '/api/auth/forgot-password', { email });
      toast({ title: 'Code Sent', description: 'A new verification code has been sent to your email.' });
    } catch (error) {
      fail(error, view === 'verify-email' ? 'Failed to resend code' : 'Failed to send reset code');
    }
  }

  async function sendResetCode(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await apiRequest('POST', '/api/auth/forgot-password', { email });
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
    if (code.length !== 6) return toast({ title: 'Invalid Code', description: 'Please enter a 6-digit reset code.', variant: 'destructive' });
    if (password.length < 8) return toast({ title: 'Invalid Password', description: 'Password must be at least 8 characters.', variant: 'destructive' });
    setBusy(true);
    try {
      await apiRequest('POST', '/api/auth/reset-password', { email, code, newPassword: password });
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

  const title = { login: 'Sign in', signup: 'Create your account', 'verify-email': 'Verify your email', 'forgot-password': 'Reset your password', 'reset-password': 'Choose a new password' }[view];

  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div className="w-full max-w-sm rounded-2xl border border-zinc-200 p-8 shadow-sm dark:border-zinc-800">
        <Link to="/" className="text-lg font-black text-brand-500">Printloom</Link>
        <h1 className="mt-4 text-2xl font-bold">{title}</h1>

        {(view === 'login' || view === 'signup') && (
          <form className="mt-6 space-y-3" onSubmit={submitCredentials}>
            <Button type="button" variant="outline" className="w-full" onClick={() => (window.location.href = '/api/auth/google')}>
              Continue with Google
            </Button>
            <Input type="email" aria-label="Email" placeholder="you@example.com" required value={email} onChange={(event) => setEmail(event.target.value)} />
            <Input type="password" aria-label="Password" placeholder={view === 'signup' ? 'At least 8 characters' : 'Password'} required value={password} onChange={(event) => setPassword(event.target.value)} />
            {view === 'login' && (
              <button type="button" className="text-sm text-brand-500" onClick={() => setView('forgot-password')}>
                Forgot password?
              </button>
            )}
            <Button type="submit" className="w-full" disabled={busy}>
              {view === 'signup' ? 'Sign up' : 'Sign in'}
            </Button>
            <p className="text-center text-sm text-zinc-500">
              {view === 'signup' ? 'Already have an account? ' : "Don't have an account? "}
              <button type="button" className="font-semibold text-brand-500" onClick={() => setView(view === 'signup' ? 'login' : 'signup')}>
                {view === 'signup' ? 'Sign in' : 'Sign up'}
              </button>
            </p>
          </form>
        )}

        {view === 'verify-email' && (
          <div className="mt-6 space-y-3">
            <p className="text-sm text-zinc-500">Enter the 6-digit code we sent to {email || 'your email'}.</p>
            <CodeInput value={code} onChange={setCode} onComplete={(value) => void verify(value)} />
            <Button className="w-full" disabled={busy || code.length !== 6} onClick={() => void verify()}>Verify Email</Button>
            <Button variant="outline" className="w-full" onClick={() => void resend()}>Resend Code</Button>
            <Button variant="ghost" className="w-full" onClick={() => setView('login')}>Back to Login</Button>
          </div>
        )}

        {view === 'forgot-password' && (
          <form className="mt-6 space-y-3" onSubmit={sendResetCode}>
            <Input type="email" aria-label="Email" placeholder="you@example.com" required value={email} onChange={(event) => setEmail(event.target.value)} />
            <Button type="submit" className="w-full" disabled={busy || !email}>Send Reset Code</Button>
            <Button type="button" variant="ghost" className="w-full" onClick={() => setView('login')}>Back to Login</Button>
          </form>
        )}

        {view === 'reset-password' && (
          <form className="mt-6 space-y-3" onSubmit={resetPassword}>
            <CodeInput value={code} onChange={setCode} />
            <Input type="password" aria-label="New password" placeholder="At least 8 characters" value={password} onChange={(event) => setPassword(event.target.value)} />
            <Button type="submit" className="w-full" disabled={busy || code.length !== 6 || password.length < 8}>Reset Password</Button>
            <Button type="button" variant="outline" className="w-full" onClick={() => void resend()}>Resend Code</Button>
            <Button type="button" variant="ghost" className="w-full" onClick={() => setView('login')}>Back to Login</Button>
          </form>
        )}
      </div>
    </main>
  );
}
