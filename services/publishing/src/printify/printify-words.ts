// What Printify says when it refuses something, in words a seller can read: its 4xx bodies carry the
// reason in `errors.reason`, a string or (for field checks) an object of field messages.

/** `errors.reason` as one line: a string as it is; an object as `field: message; …`; null when there is none. */
export function reasonText(reason: unknown): string | null {
  if (typeof reason === 'string') return reason.trim() || null;
  if (Array.isArray(reason)) return reason.map(reasonText).filter(Boolean).join(' ') || null;
  if (reason && typeof reason === 'object') {
    const parts = Object.entries(reason as Record<string, unknown>)
      .map(([field, value]) => {
        const text = reasonText(value);
        return text ? `${field}: ${text}` : null;
      })
      .filter(Boolean);
    return parts.length > 0 ? parts.join('; ') : null;
  }
  if (typeof reason === 'number') return String(reason);
  return null;
}

/** A seller's message with Printify's own reason after it, when Printify gave one. */
export const withPrintifyReason = (message: string, reason: string | null) => (reason ? `${message} Printify says: “${reason}”` : message);

/** Where a seller opens a product in Printify's app: `{id}` in the pattern becomes the product id. */
export const printifyProductUrl = (pattern: string, productId: string) => pattern.replace('{id}', encodeURIComponent(productId));
