// The listing kit: a ZIP of a selection's print files (light and dark), mockups and, per marketplace,
// listing.json + listing.csv. Zod-free and pure: the gateway writes the kit it streams, assets the
// kits it prepares as jobs, and the SPA names the files, all from this one module.
import { LIMITS } from './limits.js';
import { LISTING_TARGETS, type ListingTarget } from './listing-rules/limits.js';

export const LISTING_KIT = {
  /** Designs a kit is downloaded for at once; a larger selection becomes a job (`POST /api/listing-kits`). */
  directMaxDesigns: LIMITS.bulkMaxIds,
  /** Designs one kit job may hold. */
  jobMaxDesigns: 1000,
  /** How long a kit job stays downloadable after it is ready. */
  jobKeptDays: 7,
  /** Kit jobs one user may have waiting or being prepared at once. */
  jobsQueuedPerUser: 3,
  /** The marketplaces every kit carries a listing for. */
  targets: LISTING_TARGETS,
} as const;

export type KitJobStatus = 'queued' | 'preparing' | 'ready' | 'failed';

/** One design's listing copy as the kit files carry it (risk flags without the matcher's internals). */
export interface KitListing {
  /** The design's folder in the kit, e.g. `space-cat-A`. */
  design: string;
  assetId: string;
  /** Paths inside the kit. */
  files: { light: string; dark: string };
  mockups: string[];
  title: string;
  tags: string[];
  description: string;
  bullets: string[];
  brand: string;
  risks: Array<{ term: string; level: string; source: string; classes: string[]; mark: string }>;
}

/** A path inside the kit of one marketplace's listing files. */
export const kitListingPath = (target: ListingTarget, format: 'json' | 'csv') => `${target}/listing.${format}`;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote, a line break or edge spaces, its
 * quotes doubled. A field that a spreadsheet would run as a formula (=, +, -, @ first) is prefixed
 * with a quote mark, so an opened kit never executes seller text.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const KIT_CSV_COLUMNS = [
  'design',
  'asset_id',
  'title',
  'tags',
  'description',
  'bullet_1',
  'bullet_2',
  'brand',
  'light_file',
  'dark_file',
  'mockups',
  'risks',
] as const;

/** listing.csv: a header and one row per design, CRLF line ends (what spreadsheets and upload tools expect). */
export function kitListingCsv(listings: readonly KitListing[]): string {
  const rows = listings.map((listing) => [
    listing.design,
    listing.assetId,
    listing.title,
    // Etsy's own bulk editors take tags comma-separated; a tag never holds a comma.
    listing.tags.join(', '),
    listing.description,
    listing.bullets[0] ?? '',
    listing.bullets[1] ?? '',
    listing.brand,
    listing.files.light,
    listing.files.dark,
    listing.mockups.join(' '),
    listing.risks
      .map((risk) => `${risk.term} (${risk.level}, ${risk.source}${risk.classes.length ? ` ${risk.classes.join('/')}` : ''})`)
      .join('; '),
  ]);
  return [KIT_CSV_COLUMNS as readonly string[], ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** listing.json: the marketplace, a reminder that flags are not legal advice, and every design's listing. */
export function kitListingJson(target: ListingTarget, listings: readonly KitListing[]): string {
  return `${JSON.stringify({ target, note: 'Risk flags are not legal advice.', listings }, null, 2)}\n`;
}
