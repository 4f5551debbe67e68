import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { ToastProvider, toast } from './toast';
import { TOAST_DURATION_MS, resetToasts } from './toast-store';

afterEach(() => {
  act(() => resetToasts());
  vi.useRealTimers();
});

describe('toasts', () => {
  it('shows one at a time: a new toast replaces the previous one', () => {
    render(
      <ToastProvider>
        <div />
      </ToastProvider>,
    );
    act(() => void toast({ title: 'Deleted', description: 'Image deleted successfully' }));
    expect(screen.getByText('Deleted')).toBeInTheDocument();
    act(() => void toast({ title: 'Download failed', variant: 'destructive' }));
    expect(screen.getByText('Download failed')).toBeInTheDocument();
    expect(screen.queryByText('Deleted')).not.toBeInTheDocument();
  });

  it('closes after 5 seconds unless persistent, and a persistent toast can be updated in place', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <div />
      </ToastProvider>,
    );
    act(() => void toast({ title: 'Message sent!' }));
    act(() => void vi.advanceTimersByTime(TOAST_DURATION_MS + 500));
    expect(screen.queryByText('Message sent!')).not.toBeInTheDocument();

    let progress!: ReturnType<typeof toast>;
    act(() => void (progress = toast({ title: 'Upscaling 2×...', description: 'This may take a minute...', persistent: true })));
    act(() => void vi.advanceTimersByTime(TOAST_DURATION_MS * 4));
    expect(screen.getByText('Upscaling 2×...')).toBeInTheDocument();
    act(() => progress.update({ title: 'Success!', description: 'Image upscaled 2×. 7 credits remaining' }));
    expect(screen.getByText('Image upscaled 2×. 7 credits remaining')).toBeInTheDocument();
  });

  it('lives in a notifications region reachable with F8', () => {
    render(
      <ToastProvider>
        <div />
      </ToastProvider>,
    );
    expect(screen.getByRole('region', { name: /Notifications \(F8\)/ })).toBeInTheDocument();
  });
});
