/** 'December 22, 2026' in the reader's locale. */
export function formatLongDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { dateStyle: 'long' });
}

/** 'Nov 22, 2026, 6:36 PM' in the reader's locale. */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
