import type { Publication } from '@printloom/contracts/publishing.schemas';
import { Button } from '../../components/ui/button';
import { designImageUrl } from './design-image';
import { confirmRunText, useDraftConfirmations, type DraftConfirmation } from './use-draft-confirmations';

/** What a draft held for review asks the seller to look at (a trademark risk, a broken listing rule). */
export function ReviewReasons({ review }: { review: readonly string[] | undefined }) {
  if (!review?.length) return null;
  return (
    <ul className="text-sm text-amber-800 dark:text-amber-200">
      {review.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/** "Create it anyway" for one draft held for review, and the server's reason when it refused. */
export function ConfirmAnyway({
  name,
  outcome,
  disabled = false,
  onConfirm,
}: {
  name: string;
  outcome: DraftConfirmation | undefined;
  disabled?: boolean;
  onConfirm: () => void;
}) {
  return (
    <div className="flex shrink-0 flex-col items-end gap-1">
      <Button
        size="sm"
        variant="outline"
        aria-label={`Create it anyway: ${name}`}
        disabled={disabled || outcome?.state === 'confirming'}
        onClick={onConfirm}
      >
        {outcome?.state === 'confirming' ? 'Confirming…' : 'Create it anyway'}
      </Button>
      {outcome?.state === 'failed' && (
        <p role="alert" className="max-w-56 text-right text-sm text-danger">
          {outcome.message}
        </p>
      )}
    </div>
  );
}

export interface DraftToReview {
  publication: Publication;
  /** The design's prompt when the library has it loaded, else its place in the collection. */
  name: string;
}

/**
 * A collection's drafts held for review, behind a disclosure under its summary: each design with its
 * reasons and its own confirm, and "Confirm all" that confirms them one after another with progress.
 */
export function DraftsNeedingReview({ drafts }: { drafts: readonly DraftToReview[] }) {
  const { outcomes, run, confirmOne, confirmAll } = useDraftConfirmations();
  const running = run?.running ?? false;
  const count = drafts.length;
  return (
    <div className="mt-3 space-y-2">
      {count > 0 && (
        <details className="rounded-lg border border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-50">
          <summary className="cursor-pointer rounded-lg p-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent">
            {count === 1 ? '1 draft needs your review' : `${count} drafts need your review`}
          </summary>
          <div className="space-y-3 px-3 pb-3">
            <p className="text-sm">
              Each was held because of a high trademark risk or a broken listing rule. Check the reasons; create a draft anyway when you are
              sure, or leave it.
            </p>
            <Button size="sm" disabled={running} onClick={() => void confirmAll(drafts.map((draft) => draft.publication.id))}>
              {running ? 'Confirming…' : `Confirm all ${count}`}
            </Button>
            <ul aria-label="Drafts that need your review" className="divide-y divide-amber-200 dark:divide-amber-900">
              {drafts.map(({ publication, name }) => (
                <li key={publication.id} className="flex items-start gap-3 py-2">
                  <img
                    src={designImageUrl(publication.assetId, 'thumbnail')}
                    alt=""
                    className="size-12 shrink-0 rounded bg-white object-contain ring-1 ring-amber-200 dark:bg-zinc-900 dark:ring-amber-900"
                    loading="lazy"
                  />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium">{name}</p>
                    <ReviewReasons review={publication.review} />
                  </div>
                  <ConfirmAnyway
                    name={name}
                    outcome={outcomes[publication.id]}
                    disabled={running}
                    onConfirm={() => void confirmOne(publication.id)}
                  />
                </li>
              ))}
            </ul>
          </div>
        </details>
      )}
      <p role="status" aria-live="polite" className="text-sm">
        {run ? confirmRunText(run) : ''}
      </p>
    </div>
  );
}
