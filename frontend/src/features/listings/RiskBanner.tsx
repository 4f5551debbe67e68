import { AlertTriangle, Eraser, ShieldCheck } from 'lucide-react';
import type { Risk } from '@printloom/contracts/listings.schemas';
import { fieldsHolding, type ListingCopy, type ListingField } from '@printloom/contracts/listing-rules';
import { Button } from '../../components/ui/button';
import { ratedForText } from './risk-classes';

const SOURCE_LABELS: Record<Risk['source'], string> = { uspto: 'USPTO', denylist: 'Denylist' };
const FIELD_LABELS: Record<ListingField, string> = {
  title: 'title',
  tags: 'tags',
  description: 'description',
  bullets: 'bullets',
  brand: 'brand',
};

/** The listing copy being edited, when the flags are a listing's. */
export interface RiskBannerEditing {
  copy: ListingCopy;
  onRemove: (term: string) => void;
}

/**
 * The one risk banner: each flag's words, how likely trouble is, where the mark comes from, the product
 * classes its level is rated for, and that these are risk flags, not legal advice.
 * - Of a text being typed (the prompt on /generate): a polite live region that is always there (a screen
 *   reader announces what appears in it), empty when there is nothing to flag.
 * - Of a listing being edited (`editing`): the fields of the draft that hold each flag (read from the
 *   draft, so a removal shows at once), "Remove from title and tags" for a phrase in either (it edits
 *   the draft; the seller saves it as any edit), and a line saying there are none.
 */
export function RiskBanner({ risks, id = 'risk-banner', editing }: { risks: readonly Risk[]; id?: string; editing?: RiskBannerEditing }) {
  if (!editing)
    return (
      <div id={id} role="status" aria-live="polite" aria-atomic="true">
        {risks.length > 0 && <RiskFlags risks={risks} className="mt-3" />}
      </div>
    );
  if (risks.length === 0)
    return (
      <p className="flex items-center gap-2 rounded-lg border border-zinc-200 p-3 text-sm dark:border-zinc-700">
        <ShieldCheck className="size-4 shrink-0 text-emerald-700 dark:text-emerald-400" aria-hidden /> No risk flags in this listing (risk
        flags, not legal advice).
      </p>
    );
  return <RiskFlags risks={risks} editing={editing} />;
}

function RiskFlags({ risks, editing, className = '' }: { risks: readonly Risk[]; editing?: RiskBannerEditing; className?: string }) {
  return (
    <section
      aria-label="Risk flags"
      className={`rounded-lg border border-amber-500 bg-amber-50 p-3 text-sm text-zinc-900 dark:bg-amber-950/40 dark:text-zinc-100 ${className}`}
    >
      <h3 className="flex items-center gap-2 font-semibold">
        <AlertTriangle className="size-4 shrink-0" aria-hidden /> Risk flags, not legal advice
      </h3>
      <ul className="mt-2 space-y-2">
        {risks.map((risk) => (
          <li key={`${risk.term}-${risk.source}-${risk.serial ?? risk.mark}`} className="space-y-1">
            <p>
              <strong>“{risk.term}”</strong>: {risk.level} risk · {SOURCE_LABELS[risk.source]}
              {risk.classes.length > 0 && ` · class ${risk.classes.join(', ')}`} · mark “<span className="font-semibold">{risk.mark}</span>”
              {risk.serial && ` (serial ${risk.serial})`}
              {ratedForText(risk) && ` · ${ratedForText(risk)}`}
            </p>
            {editing && <WhereInTheCopy term={risk.term} editing={editing} />}
          </li>
        ))}
      </ul>
    </section>
  );
}

function WhereInTheCopy({ term, editing: { copy, onRemove } }: { term: string; editing: RiskBannerEditing }) {
  const fields = fieldsHolding(copy, term);
  const inTitleOrTags = fields.includes('title') || fields.includes('tags');
  return (
    <>
      <p className="text-xs">
        {fields.length > 0 ? `In: ${fields.map((field) => FIELD_LABELS[field]).join(', ')}` : 'Not in the copy as written now'}
      </p>
      {inTitleOrTags && (
        <Button variant="outline" size="sm" aria-label={`Remove “${term}” from title and tags`} onClick={() => onRemove(term)}>
          <Eraser className="size-4" aria-hidden /> Remove from title and tags
        </Button>
      )}
    </>
  );
}
