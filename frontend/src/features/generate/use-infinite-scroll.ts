import { useEffect, useRef } from 'react';

export const SCROLL_OBSERVER_THRESHOLD = 0.75;

/** Calls `onVisible` when the observed element (the last card) is 75% in view. */
export function useInfiniteScroll<T extends Element>(onVisible: () => void, enabled: boolean) {
  const ref = useRef<T | null>(null);
  const callback = useRef(onVisible);
  callback.current = onVisible;
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) callback.current();
    }, { threshold: SCROLL_OBSERVER_THRESHOLD });
    observer.observe(element);
    return () => observer.disconnect();
  });
  return ref;
}
