import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { cn } from './cn';

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** Stays until replaced (e.g. upscale progress). */
  persistent?: boolean;
}

const ToastContext = createContext<(toast: ToastMessage) => void>(() => undefined);

/** One toast visible at a time (spec section 9), 5 s by default. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(ToastMessage & { id: number }) | null>(null);
  const show = useCallback((toast: ToastMessage) => setCurrent({ ...toast, id: Date.now() }), []);
  useEffect(() => {
    if (!current || current.persistent) return;
    const timer = setTimeout(() => setCurrent(null), 5000);
    return () => clearTimeout(timer);
  }, [current]);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div role="region" aria-label="Notifications" className="pointer-events-none fixed bottom-4 right-4 z-50 w-80">
        {current && (
          <div
            role="status"
            className={cn(
              'pointer-events-auto rounded-lg border p-4 shadow-lg',
              current.variant === 'destructive' ? 'border-red-700 bg-red-600 text-white' : 'border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900',
            )}
          >
            <p className="font-semibold">{current.title}</p>
            {current.description && <p className="mt-1 text-sm opacity-90">{current.description}</p>}
            <button type="button" className="mt-2 text-xs underline" onClick={() => setCurrent(null)}>
              Dismiss
            </button>
          </div>
        )}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast() {
  return useContext(ToastContext);
}
