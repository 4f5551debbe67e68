import { LIMITS } from '@printloom/contracts/limits';
import type { DesignQuality, QualityCheckName } from '@printloom/contracts/assets.schemas';

/** Days left before an asset expires; the red badge shows at 7 or fewer. */
export function daysLeft(expiresAt: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 86400_000));
}

/** The red card badge: only when the expiry warning window (7 days) has begun. */
export function expiryBadge(expiresAt: string, now = Date.now()): string | null {
  const days = daysLeft(expiresAt, now);
  return days <= LIMITS.expiryWarningDays ? `Expires in ${days} day(s)` : null;
}

/** The transparent-image backdrop: light for designs made for white garments, dark otherwise. */
export function tileClass(prompt: string): 'checkerboard' | 'checkerboard-dark' {
  return /white (background|shirt|tee|garment)/i.test(prompt) ? 'checkerboard' : 'checkerboard-dark';
}

/** What each failed check is called on the card's badge. */
const QUALITY_LABELS: Record<QualityCheckName, string> = {
  legibility: 'Text may not read',
  contrast: 'Low contrast',
  margin: 'Touches the edge',
  transparency: 'Background not transparent',
};

/**
 * The card's quality badge: null while the verdict is pending or when every check passed; else a
 * short label (the failed check, or how many failed) and the reasons in full.
 */
export function qualityFlag(quality: DesignQuality | null | undefined): { label: string; reasons: string } | null {
  if (!quality || quality.ok) return null;
  const failed = quality.checks.filter((check) => !check.ok);
  if (failed.length === 0) return null;
  return {
    label: failed.length === 1 ? QUALITY_LABELS[failed[0]!.name] : `${failed.length} quality issues`,
    reasons: failed.map((check) => `${QUALITY_LABELS[check.name]}: ${check.detail}`).join('. '),
  };
}

/** Templates a design has a Printify draft of (not yet published), and templates it is published with. */
export interface PublicationCounts {
  drafts: number;
  published: number;
}

/** The card's publication badges: "Draft" / "Published", with the number of templates when more than one. */
export function publicationBadges(counts: PublicationCounts | undefined): { label: string; description: string }[] {
  if (!counts) return [];
  const badge = (count: number, word: string, description: string) =>
    count === 0
      ? []
      : [
          {
            label: count === 1 ? word : `${word} ×${count}`,
            description: `${description} of ${count} ${count === 1 ? 'template' : 'templates'}`,
          },
        ];
  return [...badge(counts.drafts, 'Draft', 'Printify drafts'), ...badge(counts.published, 'Published', 'Published products')];
}
