// What a design's publications mean for it (the library's card badge and filter): zod-light and free
// of the other schemas, so the assets schemas can name the filter without importing publishing's.
import { z } from 'zod';
import type { PublicationStatus } from './publishing.schemas.js';

export const DESIGN_PUBLICATION_STATES = ['draft', 'published'] as const;
export const designPublicationState = z.enum(DESIGN_PUBLICATION_STATES, { message: "publication must be 'draft' or 'published'" });
export type DesignPublicationState = z.infer<typeof designPublicationState>;

/** A failed publication leaves no draft; every other status has one in the shop (or on its way), until published. */
export function designStateOf(status: PublicationStatus): DesignPublicationState | null {
  if (status === 'published') return 'published';
  if (status === 'failed') return null;
  return 'draft';
}
