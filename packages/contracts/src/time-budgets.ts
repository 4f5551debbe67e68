// One time budget per operation, in milliseconds. Each layer waits longer than the layer inside it
// (provider < service < gateway < edge), so the inner layer always gives up first and answers with a
// clear error, and a user is never told "failed" about work that then completes and is charged.

/** nginx's proxy_read_timeout / proxy_send_timeout for /api (infra/nginx/default.conf). */
export const EDGE_TIMEOUT_MS = 200_000;

export interface TimeBudget {
  /** An external provider call inside the service, all retries included. */
  provider?: number;
  /** The service's own deadline for the whole operation. */
  service: number;
  /** How long the gateway waits for the service's reply. */
  gateway: number;
}

export const TIME_BUDGETS = {
  /** Describe an upload: one vision call; the gateway refunds it when the answer cannot be delivered. */
  describe: { provider: 90_000, service: 100_000, gateway: 110_000 },
  /** Upscale in the worker pool; a reply nobody waits for still lands in the library (and is charged). */
  upscale: { service: 90_000, gateway: 100_000 },
  /** Background removal in the worker pool (free). */
  removeBackground: { service: 90_000, gateway: 100_000 },
  /** Listing copy from the text model (the local writer answers at once; a late model falls back to it). */
  listingCopy: { provider: 45_000, service: 55_000, gateway: 65_000 },
  /** A design's 8 mockups made in the worker pool on first request (about 3 s of one core), queueing included. */
  mockups: { service: 60_000, gateway: 70_000 },
  /**
   * One design of a listing kit: its light and dark print files, its mockups and a listing per
   * marketplace, each made on first request (a kit resolves its designs one at a time).
   */
  listingKitDesign: { service: 150_000, gateway: 160_000 },
  /** Everything else: plain database work behind a NATS request. */
  request: { service: 10_000, gateway: 15_000 },
} as const satisfies Record<string, TimeBudget>;

export type TimeBudgetName = keyof typeof TIME_BUDGETS;
