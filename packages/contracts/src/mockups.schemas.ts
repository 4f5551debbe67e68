import { z } from 'zod';
import { uuid } from './common.schemas.js';
import { downloadTarget } from './assets.schemas.js';
import { MOCKUP_IDS } from './mockups.js';

/** A mockup Printify drew for a draft of the design: `printify-<first 8 hex of the publication id>-<n>`. */
export const PRINTIFY_MOCKUP_ID = /^printify-[0-9a-f]{8}-\d{1,2}$/;
const ownIds: readonly string[] = MOCKUP_IDS;
export const mockupId = z.string().refine((id) => ownIds.includes(id) || PRINTIFY_MOCKUP_ID.test(id), {
  message: `mockupId must be one of: ${MOCKUP_IDS.join(', ')}, or a Printify mockup's id`,
});

export const mockup = z.object({
  id: mockupId,
  /** One of MOCKUP_PRODUCTS for our own; the template's product for Printify's. */
  product: z.string(),
  colour: z.string(),
  /** The image (GET, the owner's session): our 2000×2000 JPEG, or Printify's JPEG/PNG as it was drawn. */
  url: z.string(),
  /** Who drew it: our own templates (absent: ours) or Printify, for a draft of the design. */
  source: z.enum(['printloom', 'printify']).optional(),
});
export type Mockup = z.infer<typeof mockup>;

export const listMockupsRequest = z.object({ userId: uuid, assetId: uuid });
export const listMockupsReply = z.object({ mockups: z.array(mockup) });

export const mockupParams = z.object({ id: uuid, mockupId });
export const resolveMockupRequest = z.object({ userId: uuid, assetId: uuid, mockupId });
export const resolveMockupReply = downloadTarget;

/** Printify's mockups of one draft kept beside the design (at most this many, each at most this many bytes). */
export const EXTERNAL_MOCKUPS_MAX = 12;
export const EXTERNAL_MOCKUP_MAX_BYTES = 600_000;

/**
 * ASSETS.storeExternalMockups: one of Printify's mockups of a draft (the `index`th, from 1), fetched by
 * publishing and kept by assets beside the design under the id `printify-<publication>-<index>` (the
 * same image sent again replaces itself), deleted with the design. One image a message: NATS carries
 * at most 1 MB.
 */
export const storeExternalMockupsRequest = z.object({
  userId: uuid,
  assetId: uuid,
  publicationId: uuid,
  /** The template's product name, shown beside each image. */
  product: z.string().min(1).max(200),
  index: z.number().int().min(1).max(EXTERNAL_MOCKUPS_MAX),
  contentType: z.enum(['image/jpeg', 'image/png']),
  /** The image's bytes, base64. */
  base64: z
    .string()
    .min(1)
    .max(Math.ceil(EXTERNAL_MOCKUP_MAX_BYTES / 3) * 4),
});
export const storeExternalMockupsReply = z.object({ id: z.string() });
