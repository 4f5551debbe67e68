import { ShieldAlert } from 'lucide-react';
import type { Risk } from '@printloom/contracts/listings.schemas';
import { ratedForText } from './risk-classes';

const SOURCE: Record<Risk['source'], string> = { uspto: 'USPTO register', denylist: 'denylist' };
const LEVEL_STYLE: Record<Risk['level'], string> = {
  high: 'bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100',
  medium: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
  low: 'bg-zinc-200 text-zinc-900 dark:bg-zinc-700 dark:text-zinc-100',
};

/**
 * The risk flags of a text, in a polite live region that is always there (a screen reader announces
 * what appears in it): each term with its level, source, mark and classes, and the reminder that these
 * are risk flags, not legal advice. Empty when there is nothing to flag.
 */
export function RiskBanner({ risks, id = 'risk-banner' }: { risks: readonly Risk[]; id?: string }) {
  return (
    <div id={id} role="status" aria-live="polite" aria-atomic="true">
      {risks.length > 0 && (
        <section
          aria-labelledby={`${id}-title`}
          className="mt-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-50"
        >
          <h3 id={`${id}-title`} className="flex items-center gap-2 font-semibold">
            <ShieldAlert className="size-4" aria-hidden /> Possible trademark risks
          </h3>
          <ul className="mt-2 space-y-1.5">
            {risks.map((risk) => (
              <li key={`${risk.source}:${risk.serial ?? risk.mark}:${risk.term}`} className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
                <span className={`rounded px-1.5 py-0.5 text-xs font-semibold uppercase ${LEVEL_STYLE[risk.level]}`}>{risk.level}</span>
                <span>
                  <span className="font-semibold">“{risk.term}”</span> matches{' '}
                  {risk.source === 'uspto' ? 'the USPTO mark' : 'the denylist phrase'} <span className="font-semibold">{risk.mark}</span>
                  {risk.serial && <> (serial {risk.serial})</>} · {SOURCE[risk.source]} ·{' '}
                  {risk.classes.length > 0 ? `class ${risk.classes.join(', ')}` : 'any class'}
                  {ratedForText(risk) && ` · ${ratedForText(risk)}`}
                </span>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-xs">These are risk flags to check before you sell, not legal advice.</p>
        </section>
      )}
    </div>
  );
}
