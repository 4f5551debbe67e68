import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { track } from '../../lib/analytics';

/** One page_view per route change. */
export function PageViews() {
  const { pathname } = useLocation();
  useEffect(() => track('page_view', { page_path: pathname }), [pathname]);
  return null;
}
