import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * A link such as `/account#seller-profile` lands on that section: the router does not scroll to a hash,
 * so once the page has rendered (`ready`) its element is scrolled into view.
 */
export function useScrollToHash(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || hash.length < 2) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.({ block: 'start' });
  }, [hash, ready]);
}
