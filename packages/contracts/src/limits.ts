// Limits and timings from the product spec (section 9). One place, read by every app.
export const LIMITS = {
  promptMaxChars: 2000,
  uploadMaxBytes: 10 * 1024 * 1024,
  uploadMimeTypes: ['image/jpeg', 'image/png', 'image/webp'] as const,
  codeDigits: 6,
  codeTtlMinutes: 15,
  codeMaxAttempts: 5,
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
  /** Background removals and upscales one user may have running at once, and start per hour. */
  imageOperationsConcurrent: 2,
  imageOperationsPerHour: 60,
} as const;

/** How long personal data is kept (spec: privacy). */
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

export const TRIAL = {
  credits: 10,
  warningAt: 5,
  criticalAt: 2,
} as const;
