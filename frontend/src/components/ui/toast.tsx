import * as ToastPrimitive from '@radix-ui/react-toast';
import { useEffect, useState, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { cn } from './cn';
import { TOAST_DURATION_MS, dismissToast, subscribeToasts, toast, type ToastEntry } from './toast-store';

export type { ToastMessage } from './toast-store';
export { toast } from './toast-store';

/** Radix toasts: swipe right to dismiss (threshold 50 px), F8 focuses the notifications region. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [entries, setEntries] = useState<ToastEntry[]>([]);
  useEffect(() => subscribeToasts(setEntries), []);
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50} label="Notifications">
      {children}
      {entries.map((entry) => (
        <ToastPrimitive.Root
          key={entry.id}
          open={entry.open}
          // Errors interrupt the screen reader (assertive); everything else waits its turn (polite).
          type={entry.variant === 'destructive' ? 'foreground' : 'background'}
          duration={entry.persistent ? Infinity : TOAST_DURATION_MS}
          onOpenChange={(open) => !open && dismissToast(entry.id)}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-8 shadow-lg transition data-[state=closed]:opacity-0 data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full',
            entry.variant === 'destructive'
              ? 'border-red-700 bg-danger-solid text-white'
              : 'border-zinc-200 bg-white text-zinc-900 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{entry.title}</ToastPrimitive.Title>
            {entry.description && (
              <ToastPrimitive.Description className="text-sm opacity-90">{entry.description}</ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close aria-label="Close notification" className="absolute right-2 top-2 rounded p-1 opacity-70 hover:opacity-100">
            <X className="size-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="fixed bottom-0 right-0 z-[60] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-sm" />
    </ToastPrimitive.Provider>
  );
}

/** The toast function; a hook so components read like the rest of React. */
export function useToast() {
  return toast;
}
