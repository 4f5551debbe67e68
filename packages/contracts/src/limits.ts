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
  expiryWarningDays: 7,
  jobPollIntervalMs: 2000,
  sessionTtlDays: 30,
  supportFieldMaxChars: 5000,
  /** Upscaling never makes a side longer than this. */
  maxUpscaledSide: 12_000,
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
} as const;
