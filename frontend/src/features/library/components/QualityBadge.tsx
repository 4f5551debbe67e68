import { AlertTriangle } from 'lucide-react';
import type { DesignQuality } from '@printloom/contracts/assets.schemas';
import { qualityFlag } from './asset-display';

/** A failed quality check: an icon and words (never colour alone), the reasons read out and on hover; nothing when all passed. */
export function QualityBadge({ quality }: { quality: DesignQuality | null | undefined }) {
  const flag = qualityFlag(quality);
  if (!flag) return null;
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-amber-300 px-2 py-0.5 text-xs font-semibold text-zinc-950"
      title={flag.reasons}
      data-testid="quality-badge"
    >
      <AlertTriangle className="size-3" aria-hidden />
      {flag.label}
      <span className="sr-only">. Quality check: {flag.reasons}</span>
    </span>
  );
}
