import type { ButtonHTMLAttributes } from 'react';
import { cn } from './cn';

/** `inverse`: a white button on a coloured surface (brand or danger banners). */
export type ButtonVariant = 'primary' | 'outline' | 'ghost' | 'danger' | 'inverse';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

/** Button looks, also for links that should look like buttons. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string): string {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition disabled:cursor-not-allowed disabled:opacity-50',
    size === 'sm' && 'px-3 py-1.5 text-xs',
    size === 'md' && 'px-4 py-2 text-sm',
    size === 'lg' && 'px-6 py-3 text-base',
    size === 'icon' && 'size-9 text-sm',
    variant === 'primary' && 'bg-accent-solid text-white hover:bg-accent-solid-hover',
    variant === 'outline' && 'border border-zinc-300 hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800',
    variant === 'ghost' && 'hover:bg-zinc-100 dark:hover:bg-zinc-800',
    variant === 'danger' && 'bg-danger-solid text-white hover:bg-danger-solid-hover',
    variant === 'inverse' && 'bg-white text-zinc-900 hover:bg-zinc-100',
    className,
  );
}

export function Button({
  className,
  variant = 'primary',
  size = 'md',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...props} />;
}
