/**
 * Where an arrow key (or Home/End) moves the focus in the gallery: by one card sideways, by one row
 * (`columns` cards) up and down, clamped to the library. `null` for a key the gallery does not handle.
 */
export function nextCardIndex(key: string, index: number, count: number, columns: number): number | null {
  const steps: Record<string, number> = {
    ArrowRight: 1,
    ArrowLeft: -1,
    ArrowDown: columns,
    ArrowUp: -columns,
    Home: -index,
    End: count - 1 - index,
  };
  const step = steps[key];
  if (step === undefined || count === 0) return null;
  return Math.min(Math.max(index + step, 0), count - 1);
}
