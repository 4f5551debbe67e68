// The toast queue: one visible at a time, a new toast replaces the old one; a
// dismissed toast is removed from memory only after a long delay so its exit animation can finish.
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** Stays until dismissed or updated (e.g. upscale progress). */
  persistent?: boolean;
}

export interface ToastEntry extends ToastMessage {
  id: string;
  open: boolean;
}

type Listener = (toasts: ToastEntry[]) => void;

let toasts: ToastEntry[] = [];
let counter = 0;
const listeners = new Set<Listener>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function publish(next: ToastEntry[]) {
  toasts = next;
  listeners.forEach((listener) => listener(toasts));
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  listener(toasts);
  return () => listeners.delete(listener);
}

export function dismissToast(id: string): void {
  publish(toasts.map((entry) => (entry.id === id ? { ...entry, open: false } : entry)));
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      publish(toasts.filter((entry) => entry.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (message: ToastMessage) => void;
  /** Replaces a progress toast with its outcome, shown for the usual 5 seconds. */
  settle: (message: ToastMessage) => void;
}

export function toast(message: ToastMessage): ToastHandle {
  counter += 1;
  const id = String(counter);
  publish([{ ...message, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  const update = (next: ToastMessage) => publish(toasts.map((entry) => (entry.id === id ? { ...next, id, open: true } : entry)));
  return {
    id,
    dismiss: () => dismissToast(id),
    update,
    settle: (next) => {
      update(next);
      setTimeout(() => dismissToast(id), TOAST_DURATION_MS);
    },
  };
}

/** Test helper: forget every toast. */
export function resetToasts(): void {
  removalTimers.forEach((timer) => clearTimeout(timer));
  removalTimers.clear();
  publish([]);
}
