import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useMe } from '../lib/current-user';

/** Signed-in pages: a visitor (the user fetch fails) goes to /auth. */
export function RequireUser({ children }: { children: ReactNode }) {
  const { data, isLoading, isError } = useMe();
  if (isLoading) return <div className="p-8 text-sm text-muted">Loading…</div>;
  if (isError || !data) return <Navigate to="/auth" replace />;
  return <>{children}</>;
}
