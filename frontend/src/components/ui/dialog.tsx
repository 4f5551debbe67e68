import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { cn } from './cn';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/**
 * Focus goes back where it was when the dialog opened. Radix returns it only to a `DialogTrigger`;
 * our dialogs mostly open from state (a card's button, a menu item), which would leave it on <body>.
 */
export function useFocusReturn() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      const active =
        document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
      opener.current = menuTriggerOf(active) ?? active;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = reconnected(opener.current);
      if (!target) return;
      event.preventDefault();
      target.focus();
    },
  };
}

/** A dialog opened from a menu item returns the focus to the menu's button (the item is gone once the menu closes). */
function menuTriggerOf(element: HTMLElement | null): HTMLElement | null {
  const labelledBy = element?.closest('[role="menu"]')?.getAttribute('aria-labelledby');
  return labelledBy ? document.getElementById(labelledBy) : null;
}

/** The opener itself, or the element that replaced it while the dialog was open (a list re-rendered its row). */
function reconnected(opener: HTMLElement | null): HTMLElement | null {
  if (!opener || opener.isConnected) return opener;
  const label = opener.getAttribute('aria-label');
  return label ? document.querySelector<HTMLElement>(`[aria-label="${CSS.escape(label)}"]`) : null;
}

/** A modal with focus trapped inside, Escape to close and a labelled title. */
export function DialogContent({
  title,
  description,
  children,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  const focusReturn = useFocusReturn();
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/60 backdrop-blur-sm" />
      <DialogPrimitive.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-zinc-200 bg-white p-6 shadow-2xl dark:border-zinc-800 dark:bg-zinc-900',
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
        {...focusReturn}
      >
        <DialogPrimitive.Title className="pr-8 text-lg font-bold">{title}</DialogPrimitive.Title>
        {description && <DialogPrimitive.Description className="mt-1 text-sm text-muted">{description}</DialogPrimitive.Description>}
        <div className="mt-4">{children}</div>
        <DialogPrimitive.Close
          aria-label="Close"
          className="absolute right-4 top-4 rounded p-1 text-muted hover:bg-zinc-100 dark:hover:bg-zinc-800"
        >
          <X className="size-4" aria-hidden />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
