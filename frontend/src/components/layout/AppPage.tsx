import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import { AppHeader } from './AppHeader';
import { cn } from '../ui/cn';

/** A signed-in page other than the workspace: app header, a back link and a title. */
export function AppPage({
  back,
  title,
  width = 'narrow',
  children,
}: {
  back: { to: string; label: string };
  title: string;
  width?: 'narrow' | 'wide';
  children: ReactNode;
}) {
  return (
    <div className="min-h-screen bg-zinc-50 dark:bg-zinc-950">
      <AppHeader />
      <main
        id="main-content"
        tabIndex={-1}
        className={cn('mx-auto px-4 py-8 sm:px-6 sm:py-12', width === 'narrow' ? 'max-w-4xl' : 'max-w-6xl')}
      >
        <Link
          to={back.to}
          className="inline-flex items-center gap-1 text-sm font-medium text-muted hover:text-zinc-900 dark:hover:text-zinc-100"
        >
          <ArrowLeft className="size-4" aria-hidden /> {back.label}
        </Link>
        <h1 className="mt-4 text-3xl font-black tracking-tight sm:text-4xl">{title}</h1>
        {children}
      </main>
    </div>
  );
}
