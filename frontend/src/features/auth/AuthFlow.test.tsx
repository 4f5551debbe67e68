import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { createQueryClient } from '../../lib/query-client';
import { ToastProvider } from '../../components/ui/toast';
import { AuthFlow } from './AuthFlow';

function renderAuth(url = '/auth') {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <MemoryRouter initialEntries={[url]}>
          <AuthFlow />
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('auth views', () => {
  it('opens signup, forgot-password or login from the mode query', () => {
    renderAuth('/auth?mode=signup');
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeInTheDocument();
  });

  it('keeps Send Reset Code disabled while the email is empty', async () => {
    renderAuth('/auth?mode=reset');
    const send = screen.getByRole('button', { name: 'Send Reset Code' });
    expect(send).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Email'), 'seller@example.com');
    expect(send).toBeEnabled();
  });

  it('enables Reset Password only with a 6-digit code and an 8+ character password, then returns to login', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('{"message":"ok"}', { status: 200 }));
    renderAuth('/auth?mode=reset');
    await userEvent.type(screen.getByLabelText('Email'), 'seller@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Code' }));
    const reset = await screen.findByRole('button', { name: 'Reset Password' });
    expect(screen.getByLabelText('New password')).toHaveAttribute('placeholder', 'At least 8 characters');
    expect(reset).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Reset code'), '12345');
    await userEvent.type(screen.getByLabelText('New password'), 'longenough');
    expect(reset).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Reset code'), '6');
    expect(reset).toBeEnabled();
    await userEvent.click(reset);
    await screen.findByRole('button', { name: 'Sign in' });
    expect(JSON.parse(String(fetchMock.mock.calls.at(-1)?.[1]?.body))).toEqual({
      email: 'seller@example.com',
      code: '123456',
      newPassword: 'longenough',
    });
    expect(screen.getByText('Password Reset')).toBeInTheDocument();
  });

  it('moves to verify-email when login answers 403 with requiresVerification', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      async () => new Response('{"error":"Please verify your email","requiresVerification":true}', { status: 403 }),
    );
    renderAuth('/auth');
    await userEvent.type(screen.getByLabelText('Email'), 'seller@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'whatever1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('Verify Email');
    expect(screen.getByRole('button', { name: 'Verify Email' })).toBeDisabled();
    expect(screen.getByText('Please verify your email to continue.')).toBeInTheDocument();
  });

  it('shows the server error in a destructive toast, or the fallback text', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('', { status: 500, statusText: '' }));
    renderAuth('/auth');
    await userEvent.type(screen.getByLabelText('Email'), 'seller@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'whatever1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByText('Authentication failed')).toBeInTheDocument());
  });
});
