import { z } from 'zod';
import { presetId } from './export-presets.js';
import { LIMITS } from './limits.js';
import { uuid } from './common.schemas.js';
import { VARIANT_LETTERS } from './art-directions.js';
import { designPublicationState } from './publication-states.js';

/** The checks of a design's quality verdict, in the order they are listed. */
export const QUALITY_CHECKS = ['legibility', 'contrast', 'margin', 'transparency'] as const;
export type QualityCheckName = (typeof QUALITY_CHECKS)[number];
export const qualityCheck = z.object({
  name: z.enum(QUALITY_CHECKS),
  ok: z.boolean(),
  /** What was measured, in words a seller reads (the card's badge shows it when the check fails). */
  detail: z.string(),
});
/** A design's quality verdict: ok when every check is. */
export const designQuality = z.object({ ok: z.boolean(), checks: z.array(qualityCheck) });
export type QualityCheck = z.infer<typeof qualityCheck>;
export type DesignQuality = z.infer<typeof designQuality>;

export const asset = z.object({
  id: uuid,
  jobId: uuid.nullable(),
  job: z.object({ prompt: z.string() }),
  starred: z.boolean(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  width: z.number().int(),
  height: z.number().int(),
  variant: z.enum(VARIANT_LETTERS).nullable().optional(),
  sourceAssetId: uuid.nullable().optional(),
  kind: z.enum(['generated', 'background-removed', 'upscaled']).optional(),
  /** The image model drew an opaque background and the automatic removal could not cut it out: stored as it is. */
  backgroundKept: z.boolean().optional(),
  /** The garment the design as generated was drawn for (null: not recorded, designs older than it). */
  garment: z.enum(['light', 'dark']).nullable().optional(),
  /**
   * The design's quality verdict, measured after it is stored (null while pending; absent on edited
   * copies, which get none).
   */
  quality: designQuality.nullable().optional(),
});

/** White (#FFFFFF) and black (#000000) garments: every design has a print file for each (`?garment=`). */
export const GARMENT_CHOICES = ['light', 'dark'] as const;
export type GarmentChoice = (typeof GARMENT_CHOICES)[number];
const garmentChoice = z.enum(GARMENT_CHOICES, { message: "garment must be 'light' or 'dark'" });
export type Asset = z.infer<typeof asset>;

export const listAssetsQuery = z.object({
  cursor: z.string().max(200).optional(),
  search: z.string().trim().max(200).optional(),
  starred: z
    .enum(['true', 'false'], { message: "starred must be 'true' or 'false'" })
    .optional()
    .transform((value) => value === 'true'),
  /** Only the designs that have a Printify draft, or that are published (publishing answers which). */
  publication: designPublicationState.optional(),
});
/** What the gateway forwards: the parsed query (starred already a boolean). */
export const listAssetsRequest = z.object({
  userId: uuid,
  cursor: z.string().max(200).optional(),
  search: z.string().max(200).optional(),
  starred: z.boolean().default(false),
  publication: designPublicationState.optional(),
});
export const listAssetsReply = z.object({ assets: z.array(asset), nextCursor: z.string().nullable() });
export type ListAssetsReply = z.infer<typeof listAssetsReply>;
/** BROADCASTS.libraryChanged. */
export const libraryChangedBroadcast = z.object({ userId: uuid });

export const assetParams = z.object({ id: uuid });
export const assetRequest = z.object({ userId: uuid, assetId: uuid });
export const starReply = z.object({ asset });
export const deleteReply = z.object({ deleted: z.number().int() });

export const bulkIdsBody = z.object({
  ids: z.array(uuid).min(1, 'Select at least one image').max(LIMITS.bulkMaxIds, `At most ${LIMITS.bulkMaxIds} images at a time`),
});
export const bulkDeleteRequest = bulkIdsBody.extend({ userId: uuid });

export const upscaleBody = z.object({
  scaleFactor: z.union([z.literal(2), z.literal(4)], { message: 'scaleFactor must be 2 or 4' }),
});
export const upscaleRequest = upscaleBody.extend({ userId: uuid, assetId: uuid });
export const upscaleReply = z.object({ creditsRemaining: z.number().int(), asset });
export const removeBackgroundReply = z.object({ asset });

/** Called by generation with the keys of files already written to storage. */
export const ingestRequest = z.object({
  userId: uuid,
  jobId: uuid,
  prompt: z.string(),
  images: z
    .array(
      z.object({
        variant: z.enum(VARIANT_LETTERS),
        key: z.string().min(1),
        /** Asked transparent, drawn opaque: cut the background out before storing (kept as it is if that fails). */
        removeBackground: z.boolean().default(false),
        /** The thumbnail and preview the worker made from the pixels it held (assets makes them when missing). */
        thumbnailKey: z.string().min(1).optional(),
        previewKey: z.string().min(1).optional(),
      }),
    )
    .min(1),
  /** The job's brief inputs beyond the prompt: its Black option, and who drew it (the engine can draw it again). */
  dark: z.boolean().optional(),
  drawnBy: z.enum(['engine', 'image-model']).optional(),
  /** The job's Transparent option: the quality verdict checks the background where it was asked. */
  transparent: z.boolean().optional(),
  /** The collection the job is a row of, and the row's position: assets answers a collection's designs from it. */
  batch: z.object({ id: uuid, position: z.number().int().positive() }).optional(),
});
export const ingestReply = z.object({ assetIds: z.array(uuid) });

export const downloadQuery = z
  .object({
    variant: z.enum(['original']).default('original'),
    size: z.enum(['thumbnail', 'preview'], { message: "size must be 'thumbnail' or 'preview'" }).optional(),
    /** The print file fitted to a product's canvas (see /api/export-presets). */
    preset: presetId.optional(),
    /** The print file for a white or black garment (made on first request); without it, the design as generated. */
    garment: garmentChoice.optional(),
  })
  .refine((query) => !(query.size && query.preset), { message: 'Ask for a size or a preset, not both' });
export const resolveDownloadRequest = z.object({
  userId: uuid,
  assetId: uuid,
  variant: z.enum(['original']).default('original'),
  size: z.enum(['thumbnail', 'preview']).optional(),
  preset: presetId.optional(),
  garment: garmentChoice.optional(),
  /** Asked for work no seller waits on (a draft's print file): a file to make is made at background priority. */
  background: z.boolean().optional(),
});
/** PNG text chunks stamped on every PNG on its way out (keyword → text). */
export const pngTextSchema = z.record(z.string(), z.string());

export const downloadTarget = z.object({
  key: z.string(),
  pngText: pngTextSchema.optional(),
  contentType: z.string(),
  fileName: z.string(),
  etag: z.string(),
  immutable: z.boolean(),
  size: z.number().int().optional(),
});
export const resolveDownloadReply = downloadTarget;

export const zipQuery = z.object({
  ids: z
    .string({ message: 'ids is required' })
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(bulkIdsBody.shape.ids),
  /** Every file fitted to this product's canvas (see /api/export-presets). */
  preset: presetId.optional(),
  /** Every file for a white or black garment. */
  garment: garmentChoice.optional(),
});
export const resolveZipRequest = z.object({
  userId: uuid,
  ids: bulkIdsBody.shape.ids,
  preset: presetId.optional(),
  garment: garmentChoice.optional(),
});
/** With a preset, `key` is the export's (made on its turn through resolveDownload, so it may not exist yet). */
export const resolveZipReply = z.object({
  files: z.array(z.object({ assetId: uuid, key: z.string(), fileName: z.string(), pngText: pngTextSchema.optional() })),
});

export const jobsWithAssetsRequest = z.object({ jobIds: z.array(uuid).max(500) });
export const jobsWithAssetsReply = z.object({ jobIds: z.array(uuid) });
/** Of these designs, the user's own whose quality verdict is not ok (none pending, none of someone else's). */
export const flaggedDesignsRequest = z.object({ userId: uuid, assetIds: z.array(uuid).max(5000) });
export const flaggedDesignsReply = z.object({ assetIds: z.array(uuid) });

/** What the library keeps for a user: one call for /account. */
export const usageRequest = z.object({ userId: uuid });
export const usageReply = z.object({
  images: z.number().int(),
  /** Bytes of the print originals. */
  bytes: z.number().int(),
  /** Images that expire within LIMITS.expiryWarningDays (star them to keep them). */
  expiringSoon: z.number().int(),
});

/** The confirmation page's POST: the token travels in the body, never as a state-changing GET. */
export const unsubscribeRemindersBody = z.object({ token: z.uuid({ message: 'This unsubscribe link is not valid.' }) });
/** The one-click URL in List-Unsubscribe carries the token itself: the provider's POST body is fixed by RFC 8058. */
export const unsubscribeRemindersQuery = unsubscribeRemindersBody;
export const oneClickUnsubscribeBody = z.object({
  'List-Unsubscribe': z.literal('One-Click', { message: 'Expected the form body List-Unsubscribe=One-Click.' }),
});
/** A link mailed before the confirmation page: whatever it carries, it only leads there. */
export const openUnsubscribePageQuery = z.object({ token: z.string().max(200).optional() });
export const unsubscribeRemindersRequest = unsubscribeRemindersBody;

/** One page of a user's whole library for the data export (every file, with its metadata). */
export const exportPageRequest = z.object({ userId: uuid, after: uuid.nullable().default(null) });
export const exportPageReply = z.object({
  assets: z.array(asset.extend({ key: z.string(), fileName: z.string(), bytes: z.number().int() })),
  next: uuid.nullable(),
});
