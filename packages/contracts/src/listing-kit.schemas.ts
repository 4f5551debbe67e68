import { z } from 'zod';
import { uuid } from './common.schemas.js';
import { pngTextSchema } from './assets.schemas.js';
import { listing, listingTarget } from './listings.schemas.js';
import { LISTING_KIT } from './listing-kit.js';
import { oneSelectionOf } from './bulk-jobs.schemas.js';

const idsArray = (max: number, tooMany: string) => z.array(uuid).min(1, 'Select at least one design').max(max, tooMany);
const directIds = idsArray(
  LISTING_KIT.directMaxDesigns,
  `At most ${LISTING_KIT.directMaxDesigns} designs at a time: a larger kit is prepared as a job (POST /api/listing-kits)`,
);
const jobIds = idsArray(LISTING_KIT.jobMaxDesigns, `At most ${LISTING_KIT.jobMaxDesigns} designs in one listing kit`);

/** `GET /api/listing-kit?ids=a,b`: the kit of up to 100 designs, streamed. */
export const listingKitQuery = z.object({
  ids: z
    .string({ message: 'ids is required' })
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(directIds),
});

/** ASSETS.resolveKit: the designs' folders in the kit, all the user's own (404 otherwise); nothing is made yet. */
export const resolveKitRequest = z.object({ userId: uuid, ids: jobIds });
export const kitDesignRef = z.object({ assetId: uuid, folder: z.string() });
export const resolveKitReply = z.object({ designs: z.array(kitDesignRef) });

/**
 * ASSETS.kitDesign: one design's files in the kit (its light and dark print files and mockups, made on
 * first request) and its listing for every marketplace (written first when it has none).
 */
export const kitDesignRequest = z.object({ userId: uuid, assetId: uuid, folder: z.string().min(1).max(200) });
export const kitDesignReply = z.object({
  files: z.array(z.object({ key: z.string(), fileName: z.string(), pngText: pngTextSchema.optional() })),
  /** Paths inside the kit: `files.light`, `files.dark`, mockups. */
  light: z.string(),
  dark: z.string(),
  mockups: z.array(z.string()),
  listings: z.array(listing),
});

/** LISTINGS.kitListings: a design's listing for each target, the saved one or one written now. */
export const kitListingsRequest = z.object({ userId: uuid, assetId: uuid, targets: z.array(listingTarget).min(1) });
export const kitListingsReply = z.object({ listings: z.array(listing) });

/** A kit of more designs than a download takes at once, prepared by assets and downloaded when ready. */
export const kitJob = z.object({
  id: uuid,
  status: z.enum(['queued', 'preparing', 'ready', 'failed']),
  designs: z.number().int(),
  /** Designs whose files and listings are ready so far. */
  prepared: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** Until when a ready kit can be downloaded. */
  expiresAt: z.iso.datetime().nullable(),
  /** `GET` it (the owner's session) once `status` is `ready`. */
  downloadUrl: z.string().nullable(),
});
export type KitJob = z.infer<typeof kitJob>;
export const kitJobReply = z.object({ kit: kitJob });

/** The kit of a selection (`ids`) or of every design of a collection (`batchId`): exactly one. */
const kitJobSelection = z.object({ ids: jobIds.optional(), batchId: uuid.optional() });
export const createKitJobBody = kitJobSelection.refine(...oneSelectionOf('ids'));
export const createKitJobRequest = kitJobSelection.extend({ userId: uuid }).refine(...oneSelectionOf('ids'));
export const kitJobParams = z.object({ id: uuid });
export const getKitJobRequest = z.object({ userId: uuid, kitId: uuid });
/** ASSETS.resolveKitJob: a ready kit's designs still in the library (404 if not the user's, 409 while not ready). */
export const resolveKitJobReply = z.object({ fileName: z.string(), designs: z.array(kitDesignRef) });
