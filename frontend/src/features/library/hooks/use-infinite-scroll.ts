import { useEffect, useRef, useState } from 'react';

export const SCROLL_OBSERVER_THRESHOLD = 0.75;

/**
 * Calls `onVisible` when the observed element (the last card) is 75% in view. Returns a callback ref;
 * the observer is rebuilt only when that element or `enabled` changes, not on every render.
 */
export function useInfiniteScroll<T extends Element>(onVisible: () => void, enabled: boolean) {
  const [element, setElement] = useState<T | null>(null);
  const callback = useRef(onVisible);
  callback.current = onVisible;
  useEffect(() => {
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { threshold: SCROLL_OBSERVER_THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, enabled]);
  return setElement;
}
