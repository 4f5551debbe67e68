import { useEffect, useState, type FormEvent } from 'react';
import { LIMITS, TRIAL } from '@printloom/contracts/limits';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { errorText, hasErrorCode } from '../../lib/api-client';
import { logIn, resendVerification, signUp, verifyEmail } from './api/sign-in';
import { forgotPassword, resetPassword as resetPasswordWithCode } from './api/reset-password';
import { useToast } from '../../components/ui/toast';
import { track } from '../../lib/analytics';
import { refreshMe } from '../../lib/current-user';
import { CredentialsView } from './CredentialsView';
import { VerifyEmailView } from './VerifyEmailView';
import { ForgotPasswordView } from './ForgotPasswordView';
import { ResetPasswordView } from './ResetPasswordView';

type View = 'login' | 'signup' | 'verify-email' | 'forgot-password' | 'reset-password';

function initialView(mode: string | null): View {
  if (mode === 'signup') return 'signup';
  if (mode === 'reset') return 'forgot-password';
  return 'login';
}

/**
 * Login, signup, email verification and password reset as one flow: the email typed in one view carries into
 * the next. `?mode=signup|reset` picks the first view; `?error=` (e.g. from Google sign-in) shows as a toast.
 */
export function AuthFlow() {
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
    <>
      <h1 className="text-2xl font-bold">{heading[0]}</h1>
      <p className="mt-1 text-sm text-muted">{heading[1]}</p>

      {(view === 'login' || view === 'signup') && (
        <CredentialsView
          mode={view}
          email={email}
          onEmailChange={setEmail}
          password={password}
          onPasswordChange={setPassword}
          busy={busy}
          onSubmit={submitCredentials}
          onForgotPassword={() => setView('forgot-password')}
          onSwitchMode={() => setView(view === 'signup' ? 'login' : 'signup')}
        />
      )}

      {view === 'verify-email' && (
        <VerifyEmailView
          code={code}
          onCodeChange={setCode}
          busy={busy}
          onVerify={(value) => void verify(value)}
          onResend={() => void resend()}
          onBack={() => setView('login')}
        />
      )}

      {view === 'forgot-password' && (
        <ForgotPasswordView email={email} onEmailChange={setEmail} busy={busy} onSubmit={sendResetCode} onBack={() => setView('login')} />
      )}

      {view === 'reset-password' && (
        <ResetPasswordView
          code={code}
          onCodeChange={setCode}
          password={password}
          onPasswordChange={setPassword}
          busy={busy}
          onSubmit={resetPassword}
          onResend={() => void resend()}
          onBack={() => setView('login')}
        />
      )}
    </>
  );
}
