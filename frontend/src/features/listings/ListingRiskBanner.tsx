import { AlertTriangle, Eraser, ShieldCheck } from 'lucide-react';
import type { Risk } from '@printloom/contracts/listings.schemas';
import { fieldsHolding, type ListingCopy, type ListingField } from '@printloom/contracts/listing-rules';
import { Button } from '../../components/ui/button';
import { ratedForText } from './risk-classes';

const SOURCE_LABELS = { uspto: 'USPTO', denylist: 'Denylist' } as const;
const FIELD_LABELS: Record<ListingField, string> = {
  title: 'title',
  tags: 'tags',
  description: 'description',
  bullets: 'bullets',
  brand: 'brand',
};

/**
 * Each risk flag of the listing: the words, how likely trouble is, where the mark comes from, the
 * product classes its level is rated for (no product is known yet: every ready template's), and the
 * fields of the copy being edited that hold it (read from the draft, so a removal shows at once). A
 * phrase in the title or tags offers "Remove from title and tags", which edits the draft; the seller
 * saves it as any edit.
 */
export function ListingRiskBanner({
  risks,
  copy,
  onRemove,
}: {
  risks: readonly Risk[];
  copy: ListingCopy;
  onRemove: (term: string) => void;
}) {
  if (risks.length === 0)
    return (
      <p className="flex items-center gap-2 rounded-lg border border-zinc-200 p-3 text-sm dark:border-zinc-700">
        <ShieldCheck className="size-4 shrink-0 text-emerald-700 dark:text-emerald-400" aria-hidden /> No risk flags in this listing (risk
        flags, not legal advice).
      </p>
    );
  return (
    <section
      aria-label="Risk flags"
      className="rounded-lg border border-amber-500 bg-amber-50 p-3 text-sm text-zinc-900 dark:bg-amber-950/40 dark:text-zinc-100"
    >
      <h3 className="flex items-center gap-2 font-semibold">
        <AlertTriangle className="size-4 shrink-0" aria-hidden /> Risk flags, not legal advice
      </h3>
      <ul className="mt-2 space-y-2">
        {risks.map((risk) => {
          const fields = fieldsHolding(copy, risk.term);
          const inTitleOrTags = fields.includes('title') || fields.includes('tags');
          return (
            <li key={`${risk.term}-${risk.source}-${risk.serial ?? risk.mark}`} className="space-y-1">
              <p>
                <strong>“{risk.term}”</strong>: {risk.level} risk · {SOURCE_LABELS[risk.source]}
                {risk.classes.length > 0 && ` · class ${risk.classes.join(', ')}`} · mark “{risk.mark}”
                {risk.serial && ` (serial ${risk.serial})`}
                {ratedForText(risk) && ` · ${ratedForText(risk)}`}
              </p>
              <p className="text-xs">
                {fields.length > 0 ? `In: ${fields.map((field) => FIELD_LABELS[field]).join(', ')}` : 'Not in the copy as written now'}
              </p>
              {inTitleOrTags && (
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Remove “${risk.term}” from title and tags`}
                  onClick={() => onRemove(risk.term)}
                >
                  <Eraser className="size-4" aria-hidden /> Remove from title and tags
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
