// Limits and timings of the product (sizes, rates, retention, trial). One place, read by every app.
export const LIMITS = {
  promptMaxChars: 2000,
  uploadMaxBytes: 10 * 1024 * 1024,
  uploadMimeTypes: ['image/jpeg', 'image/png', 'image/webp'] as const,
  /** Decoded size of an uploaded image: a small file can declare gigapixels (a "pixel bomb"). */
  uploadMaxPixels: 40_000_000,
  uploadMaxSide: 12_000,
  codeDigits: 6,
  codeTtlMinutes: 15,
  codeMaxAttempts: 5,
  /** How long a sign-in, a re-entered password or an emailed code lets a session download its data or delete the account. */
  reauthWindowMinutes: 10,
  /** Designs one request may delete without a recent proof (a stolen session must not empty a library). */
  deleteWithoutProofMax: 10,
  /** Printify connects (each one request from our address to Printify) per seller and per client address (/64) an hour. */
  printifyConnectsPerHour: 10,
  passwordMinChars: 8,
  assetsPageSize: 24,
  bulkMaxIds: 100,
  retentionDays: 30,
  starredRetentionDays: 365,
  /** Un-starring keeps an image at least this long from then on (never expired on the spot). */
  unstarGraceDays: 7,
  expiryWarningDays: 7,
  jobPollIntervalMs: 2000,
  sessionTtlDays: 30,
  supportFieldMaxChars: 5000,
  /** Upscaling never makes a side longer than this. */
  maxUpscaledSide: 12_000,
  /** Background removals and upscales one user may have running at once, and start per hour. */
  imageOperationsConcurrent: 2,
  imageOperationsPerHour: 60,
  /**
   * Print files (preset exports) one user may have in the image worker pool at once, and being made in
   * all (running or waiting for one of those places); a preset ZIP counts every file it still has to make.
   */
  exportFittingsRunning: 2,
  exportFittingsQueued: 24,
  /** Listing copy one user may have written per hour (a saved listing is answered again without counting). */
  listingWritesPerHour: 60,
  /** Phrases one seller may keep on their own denylist (risk flags on their texts only). */
  sellerDenylistEntries: 500,
  /** Designs (values or CSV rows) in one batch; each is one generation job. */
  batchMaxRows: 200,
  /** A batch's CSV upload (200 rows of long prompts fit). */
  batchCsvMaxBytes: 512 * 1024,
  /** Batches GET /api/batches answers, newest first. */
  batchListSize: 50,
  /** A collection's name, as its seller sets it or as it is made up from its template. */
  collectionNameMaxChars: 120,
  /** Designs the library's "has a draft" / "published" filter looks through (newest publications first). */
  publicationFilterDesigns: 5000,
  /** Designs one publication summary answers (the library asks for the cards it shows, a slice at a time). */
  publicationSummaryDesigns: 100,
} as const;

/**
 * What one text may cost the trademark risk check (`POST /api/risk-check` and every listing's risks):
 * without these a single 2,000-letter word made ~104k lookups and held the listings service (issue 37).
 */
export const RISK_CHECK = {
  /** Characters of a text the matcher reads, counted after NFKD normalisation ('ⅷ' is the 4 letters 'viii'). */
  maxChars: 2000,
  /** Words longer than this get no one-typo variants (each letter makes ~53 of them). */
  typoWordMaxLetters: 20,
  /** One-typo variants looked up per text at most; the longest words are dropped first. */
  typoVariantsMax: 2000,
  /** `POST /api/risk-check` requests one user may make per minute (429 RATE_LIMITED with retryAfterSeconds past it). */
  perMinute: 60,
} as const;

/** What a seller types to confirm deleting their account (kept here, free of zod, for the SPA). */
export const ACCOUNT_DELETION_WORD = 'DELETE';

/** How long personal data is kept (the periods /privacy states). */
export const RETENTION = {
  /** A sent email's body (it may hold a live code) is blanked after this; the row stays for support. */
  sentMailBodyHours: 24,
  /** Outbox rows (sent or failed) are deleted after this. */
  mailRowsDays: 30,
  /** A deleted account's data is removed or anonymised this long after deletion (privacy policy). */
  deletedAccountDays: 90,
  /** Billing transactions are kept this long (privacy policy), with no personal data beyond the user id. */
  transactionYears: 7,
} as const;

/** Whether an upscale by `factor` stays within LIMITS.maxUpscaledSide (4× of a 4500×5400 shirt design does not). */
export function upscaleFits(size: { width: number; height: number }, factor: number): boolean {
  return Math.max(size.width, size.height) * factor <= LIMITS.maxUpscaledSide;
}

/** Why an upscale is not offered, shown on the disabled menu item and answered by the API with 422. */
export function upscaleTooLargeReason(factor: number): string {
  return `This image is already large: ${factor}× would exceed ${LIMITS.maxUpscaledSide.toLocaleString('en-US')} px.`;
}

export const TRIAL = {
  credits: 10,
  warningAt: 5,
  criticalAt: 2,
  /** New accounts per address per day that get the free credits; the others start with 0 and are told why. */
  grantsPerIpPerDay: 3,
} as const;

/**
 * The library's smaller copies of every print, WebP with transparency: made once, by whoever holds the
 * pixels (the generation worker for its designs, assets for everything else).
 */
export const DERIVATIVES = {
  thumbnail: { maxSide: 384, suffix: '.thumbnail.webp' },
  preview: { maxSide: 1024, suffix: '.preview.webp' },
  webp: { quality: 82, alphaQuality: 90, effort: 2 },
} as const;
