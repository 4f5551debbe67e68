import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { CircleHelp, CreditCard, LogOut, User } from 'lucide-react';
import { signOut, useMe } from '../../lib/current-user';
import { toast } from '../ui/toast';
import { Tooltip } from '../ui/tooltip';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';
import { CreditsBadge, creditsShown } from './CreditsBadge';
import { Logo } from './Logo';
import { ThemeToggle } from './ThemeToggle';

/** The signed-in header: credits badge, help, theme and the account menu. */
export function AppHeader({ onHelp }: { onHelp?: () => void }) {
  const { data: me } = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const credits = me?.credits ?? 0;
  const stale = me?.creditsStale === true;

  async function logout() {
    try {
      await signOut();
      queryClient.clear();
      navigate('/');
    } catch {
      toast({ title: 'Logout failed', variant: 'destructive' });
    }
  }

  return (
    <header className="sticky top-0 z-30 border-b border-zinc-200/70 bg-white/85 backdrop-blur dark:border-zinc-800/70 dark:bg-zinc-950/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4 sm:px-6">
        <Logo to="/generate" />
        <div className="flex items-center gap-1 sm:gap-2">
          <CreditsBadge credits={credits} stale={stale} />
          {onHelp && (
            <Tooltip content="Help & Support">
              <button
                type="button"
                onClick={onHelp}
                aria-label="Help & Support"
                className="inline-flex size-9 items-center justify-center rounded-lg text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
              >
                <CircleHelp className="size-4" aria-hidden />
              </button>
            </Tooltip>
          )}
          <ThemeToggle />
          <DropdownMenu>
            <DropdownMenuTrigger
              aria-label="Account menu"
              className="inline-flex size-9 items-center justify-center rounded-full bg-zinc-100 text-zinc-700 hover:bg-zinc-200 dark:bg-zinc-800 dark:text-zinc-200 dark:hover:bg-zinc-700"
            >
              <User className="size-4" aria-hidden />
            </DropdownMenuTrigger>
            <DropdownMenuContent>
              <DropdownMenuLabel>
                <span className="block truncate font-medium text-zinc-900 dark:text-zinc-100">{me?.user.email}</span>
                <span>{creditsShown(credits, stale)} credits remaining</span>
              </DropdownMenuLabel>
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={() => navigate('/account')}>
                <CreditCard className="size-4" aria-hidden /> Account & Billing
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => void logout()}>
                <LogOut className="size-4" aria-hidden /> Log out
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </div>
    </header>
  );
}
