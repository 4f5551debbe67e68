import { z } from 'zod';
import { uuid } from './common.schemas.js';
import { downloadTarget } from './assets.schemas.js';
import { MOCKUP_IDS, MOCKUP_PRODUCTS } from './mockups.js';

export const mockupId = z.enum(MOCKUP_IDS, { message: `mockupId must be one of: ${MOCKUP_IDS.join(', ')}` });

export const mockup = z.object({
  id: mockupId,
  product: z.enum(MOCKUP_PRODUCTS),
  colour: z.string(),
  /** The 2000×2000 JPEG (GET, the owner's session). */
  url: z.string(),
});
export type Mockup = z.infer<typeof mockup>;

export const listMockupsRequest = z.object({ userId: uuid, assetId: uuid });
export const listMockupsReply = z.object({ mockups: z.array(mockup) });

export const mockupParams = z.object({ id: uuid, mockupId });
export const resolveMockupRequest = z.object({ userId: uuid, assetId: uuid, mockupId });
export const resolveMockupReply = downloadTarget;
