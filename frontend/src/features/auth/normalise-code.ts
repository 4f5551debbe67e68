/** Pasted or typed codes keep digits only, at most 6. */
export function normaliseCode(value: string): string {
  return value.replace(/\D/g, '').slice(0, 6);
}
