import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { UNSUBSCRIBE_PAGE } from '@printloom/contracts/endpoints';

const TITLES: Record<string, string> = {
  '/': 'Print-ready designs from a plain idea',
  '/auth': 'Log in or sign up',
  '/generate': 'Generate',
  '/account': 'Account & Billing',
  '/pricing': 'Pricing',
  '/batches': 'Your collections',
  '/examples': 'Examples',
  '/terms': 'Terms of Service',
  '/privacy': 'Privacy Policy',
  [UNSUBSCRIBE_PAGE]: 'Stop Expiry Reminders',
};

/** The page title per route, so screen readers and browser tabs say where the user is. */
export function pageTitle(pathname: string): string {
  const title =
    TITLES[pathname] ??
    (pathname.startsWith('/checkout/') ? 'Checkout' : pathname.startsWith('/batches/') ? 'Collection' : 'Page Not Found');
  return `Printloom — ${title}`;
}

export function DocumentTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = pageTitle(pathname);
  }, [pathname]);
  return null;
}
