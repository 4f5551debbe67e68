import type { HTMLAttributes } from 'react';
import { cn } from './cn';

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div className={cn('rounded-2xl border border-zinc-200 bg-white p-6 dark:border-zinc-800 dark:bg-zinc-900/60', className)} {...props} />
  );
}

/** `solid`: white on the brand colour (classes cannot override colours reliably: cn only joins). */
export function Badge({ className, solid = false, ...props }: HTMLAttributes<HTMLSpanElement> & { solid?: boolean }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-3 py-1 text-xs font-semibold',
        solid ? 'bg-accent-solid text-white' : 'bg-brand-100 text-accent dark:bg-brand-600/20',
        className,
      )}
      {...props}
    />
  );
}
