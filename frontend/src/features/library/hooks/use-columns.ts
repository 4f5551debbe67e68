import { useEffect, useState } from 'react';
import type { CardLayout } from '../components/AssetCard';

/** Grid columns by viewport width, matching the Tailwind breakpoints of the grid (2, md 3, lg 4). */
export function columnsFor(layout: CardLayout, viewportWidth: number): number {
  if (layout === 'list') return 1;
  if (viewportWidth >= 1024) return 4;
  if (viewportWidth >= 768) return 3;
  return 2;
}

export function useColumns(layout: CardLayout): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const update = () => setWidth(window.innerWidth);
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return columnsFor(layout, width);
}
