import type { HTMLAttributes } from 'react';
import { cn } from './cn';

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
