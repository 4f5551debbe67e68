import type { InputHTMLAttributes } from 'react';
import { cn } from './cn';

export function Input({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return (
    <input
      className={cn(
        'w-full rounded-lg border border-zinc-300 bg-transparent px-3 py-2 text-sm placeholder:text-placeholder dark:border-zinc-700',
        className,
      )}
      {...props}
    />
  );
}
