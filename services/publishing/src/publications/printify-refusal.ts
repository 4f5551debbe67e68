import { PUBLISHING_MESSAGES, type PublicationErrorCode } from '@printloom/contracts';
import { withPrintifyReason } from '../printify/printify-words.js';
import type { PrintifyRejected } from '../printify/printify-client.js';

/**
 * A refusal as the seller reads it, with Printify's own reason wherever it gave one. A 401 is a token
 * Printify no longer accepts; a 403 is one that lacks a write scope (Printify offers no way to read a
 * token's scopes, so this is where a missing products.write or uploads.write shows).
 */
export function refusalOf(error: PrintifyRejected, step: string): { code: PublicationErrorCode; message: string } {
  const said = (message: string) => withPrintifyReason(message, error.reason);
  if (error.unauthorised) return { code: 'CONNECTION_REVOKED', message: PUBLISHING_MESSAGES.connectionRevoked };
  if (error.forbidden) return { code: 'MISSING_PERMISSION', message: PUBLISHING_MESSAGES.missingPermission };
  if (error.code === 8203) return { code: 'PRINT_FILE_TOO_SMALL', message: said(PUBLISHING_MESSAGES.printFileTooSmall) };
  if (error.code === 10300 || error.code === 8201)
    return { code: 'PRINT_FILE_UNREADABLE', message: said(PUBLISHING_MESSAGES.printFileUnreadable) };
  if (step === 'publish') return { code: 'PUBLISH_FAILED', message: said(`Printify did not publish this product: ${error.message}`) };
  return { code: 'PRINTIFY_REJECTED', message: said(`Printify refused this product: ${error.message}`) };
}
