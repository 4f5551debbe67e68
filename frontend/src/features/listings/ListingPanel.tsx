import { useEffect, useId, useState, type ReactNode } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Copy, Download, Loader2, Plus, Save, X } from 'lucide-react';
import type { Asset } from '@printloom/contracts/assets.schemas';
import { LISTING_KIT } from '@printloom/contracts/listing-kit';
import {
  LISTING_TARGETS,
  MARKETPLACE_FIELDS,
  TRADEMARK_RISK_RULE,
  withoutPhraseInTitleAndTags,
  type ListingField,
  type ListingTarget,
} from '@printloom/contracts/listing-rules';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { useFocusReturn } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast';
import { accountLink } from '../../lib/account-sections';
import { ApiError, errorText } from '../../lib/api-client';
import { saveFile } from '../../lib/save-file';
import {
  createListingKitJob,
  getListingKitJob,
  listingKitUrl,
  listingQueryKey,
  saveListing,
  useListing,
  type KitJobView,
} from './api/listing';
import { addTags, changedFields, counterText, limitsOf, messagesByField, type ListingDraft } from './listing-draft';
import { RiskBanner } from './RiskBanner';

const TARGET_LABELS: Record<ListingTarget, string> = { etsy: 'Etsy', merch: 'Merch by Amazon', generic: 'Generic' };
const fieldClass =
  'w-full rounded-lg border border-zinc-300 bg-transparent px-3 py-2 text-sm placeholder:text-placeholder aria-[invalid=true]:border-danger dark:border-zinc-700';

/** A field's label, control, live counter and the rule it breaks, tied together for screen readers. */
function ListingField({
  id,
  label,
  counter,
  message,
  action,
  children,
}: {
  id: string;
  label: string;
  counter?: string;
  message?: string;
  /** What fixes the problem elsewhere (a link), shown after the message. */
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {counter && (
          <span id={`${id}-counter`} aria-live="polite" className="text-xs text-muted">
            {counter}
          </span>
        )}
      </div>
      {children}
      <p id={`${id}-message`} className={cn('text-xs', message ? 'text-danger' : 'sr-only')}>
        {message ?? ''}
      </p>
      {message && action}
    </div>
  );
}

const describedBy = (id: string, counter = true) => [counter ? `${id}-counter` : '', `${id}-message`].filter(Boolean).join(' ');

/**
 * "Prepare listing…": a side sheet over the library for one design or a selection. The seller picks a
 * marketplace, edits the copy the server wrote (the marketplace's rules checked as they type, by the
 * validators the server runs; a 422 from the server shown at its field), reads the risk flags, copies
 * the text and downloads the listing kit (a job for more designs than one download takes).
 */
export function ListingPanel({
  designs,
  open,
  onClose,
  media,
  collection = null,
}: {
  designs: readonly Asset[];
  open: boolean;
  onClose: () => void;
  /** The design's light and dark files and its mockups (the library's own views of them). */
  media: (asset: Asset) => ReactNode;
  /**
   * Set when the selection is every design of a collection, more than the library loads at once:
   * `designs` are the ones loaded (to edit one by one), the kit takes the whole collection by its batch id.
   */
  collection?: { batchId: string; designs: number } | null;
}) {
  const focusReturn = useFocusReturn();
  const [index, setIndex] = useState(0);
  const [target, setTarget] = useState<ListingTarget>('etsy');
  const design = designs[Math.min(index, designs.length - 1)];
  useEffect(() => setIndex(0), [designs]);

  return (
    <DialogPrimitive.Root open={open && (design !== undefined || collection !== null)} onOpenChange={(next) => !next && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/60" />
        <DialogPrimitive.Content
          {...focusReturn}
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-2xl flex-col overflow-y-auto border-l border-zinc-200 bg-white text-zinc-900 shadow-2xl dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
          data-testid="listing-panel"
        >
          <div className="flex items-start justify-between gap-3 border-b border-zinc-200 p-4 dark:border-zinc-800">
            <div className="min-w-0">
              <DialogPrimitive.Title className="text-lg font-bold">Prepare listing</DialogPrimitive.Title>
              <p className="truncate text-sm text-muted">
                {design?.job.prompt || (collection ? `Every design of the collection (${collection.designs})` : 'Design')}
              </p>
            </div>
            <DialogPrimitive.Close aria-label="Close" className="rounded p-1 text-muted hover:bg-zinc-100 dark:hover:bg-zinc-800">
              <X className="size-5" aria-hidden />
            </DialogPrimitive.Close>
          </div>
          <div className="space-y-5 p-4">
            {design && designs.length > 1 && (
              <div className="space-y-1">
                <label htmlFor="listing-design" className="text-sm font-medium">
                  Design ({collection ? `${designs.length} loaded of ${collection.designs}` : `${designs.length} selected`})
                </label>
                <select
                  id="listing-design"
                  className={fieldClass}
                  value={design.id}
                  onChange={(event) => setIndex(designs.findIndex((asset) => asset.id === event.target.value))}
                >
                  {designs.map((asset, position) => (
                    <option key={asset.id} value={asset.id}>
                      {position + 1}. {asset.job.prompt || 'Design'}
                    </option>
                  ))}
                </select>
              </div>
            )}
            {design && (
              <>
                <div role="radiogroup" aria-label="Marketplace" className="inline-flex w-full rounded-lg bg-zinc-100 p-1 dark:bg-zinc-800">
                  {LISTING_TARGETS.map((option) => (
                    <button
                      key={option}
                      type="button"
                      role="radio"
                      aria-checked={target === option}
                      onClick={() => setTarget(option)}
                      className={cn(
                        'flex-1 rounded-md px-3 py-1.5 text-sm font-medium',
                        target === option
                          ? 'bg-white text-zinc-900 shadow dark:bg-zinc-950 dark:text-zinc-100'
                          : 'text-zinc-700 dark:text-zinc-300',
                      )}
                    >
                      {TARGET_LABELS[option]}
                    </button>
                  ))}
                </div>
                <ListingEditor key={`${design.id}-${target}`} asset={design} target={target} />
                <section aria-label="Print files and mockups" className="space-y-2">
                  <h3 className="text-sm font-semibold">Print files and mockups</h3>
                  {media(design)}
                </section>
              </>
            )}
            <KitDownload designs={designs} collection={collection} />
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** The copy of one design for one marketplace: loaded (written by the server the first time), edited, saved. */
function ListingEditor({ asset, target }: { asset: Asset; target: ListingTarget }) {
  const queryClient = useQueryClient();
  const listing = useListing(asset.id, target);
  const [draft, setDraft] = useState<ListingDraft | null>(null);
  const [serverError, setServerError] = useState<{ field: ListingField; message: string } | null>(null);
  const [tagInput, setTagInput] = useState('');
  const [saving, setSaving] = useState(false);
  const base = useId();
  const ids = {
    title: `${base}-title`,
    tags: `${base}-tags`,
    description: `${base}-description`,
    brand: `${base}-brand`,
    bullet: (n: number) => `${base}-bullet-${n}`,
  };

  useEffect(() => {
    if (listing.data) {
      const { title, tags, description, bullets, brand } = listing.data;
      setDraft({ title, tags, description, bullets, brand });
    }
  }, [listing.data]);

  if (listing.isPending || (listing.data && !draft))
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted">
        <Loader2 className="size-4 animate-spin" aria-hidden /> Writing the listing…
      </p>
    );
  if (listing.isError || !listing.data || !draft)
    return (
      <p role="alert" className="text-sm text-danger">
        {errorText(listing.error, 'The listing could not be written. Please try again.')}
      </p>
    );

  const saved = listing.data;
  const limits = limitsOf(target);
  const local = messagesByField(target, draft);
  const messageOf = (field: ListingField) => (serverError?.field === field ? serverError.message : local[field]);
  const edit = (patch: Partial<ListingDraft>) => {
    setDraft({ ...draft, ...patch });
    if (serverError && serverError.field in patch) setServerError(null);
  };
  const marketplace = MARKETPLACE_FIELDS[target];
  const takes = (field: ListingField) => marketplace.fields.includes(field);
  const brandMissing = marketplace.required.includes('brand') && draft.brand.trim() === '';
  const brandMessage = messageOf('brand') ?? (brandMissing ? `${TARGET_LABELS[target]} needs a brand; this listing has none.` : undefined);
  const changed = changedFields(saved, draft);
  const bulletSlots = Math.max(limits.bullets, draft.bullets.length);

  async function save() {
    if (saving || Object.keys(changed).length === 0) return;
    setSaving(true);
    setServerError(null);
    try {
      const reply = await saveListing(asset.id, target, changed);
      queryClient.setQueryData(listingQueryKey(asset.id, target), reply);
      // Saved, but said out loud: a high-risk phrase put back in the title or tags.
      const warnings = reply.listing.problems.filter((problem) => problem.rule === TRADEMARK_RISK_RULE);
      if (warnings.length > 0)
        toast({
          title: 'Listing saved with a trademark warning',
          description: warnings.map((problem) => problem.message).join(' '),
          variant: 'destructive',
        });
      else toast({ title: 'Listing saved', description: `${TARGET_LABELS[target]} listing saved.` });
    } catch (error) {
      const field = error instanceof ApiError && error.code === 'LISTING_INVALID' ? (error.details.field as ListingField) : undefined;
      if (field) setServerError({ field, message: errorText(error, 'This field breaks a marketplace rule.') });
      else toast({ title: 'Save failed', description: errorText(error, 'The listing could not be saved.'), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  async function copy(what: string, text: string) {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: `${what} copied` });
    } catch {
      toast({ title: 'Copy failed', description: 'Your browser did not allow copying.', variant: 'destructive' });
    }
  }

  function addTyped() {
    setDraft({ ...draft!, tags: addTags(draft!.tags, tagInput) });
    setTagInput('');
    if (serverError?.field === 'tags') setServerError(null);
  }

  return (
    <form
      className="space-y-4"
      aria-label={`${TARGET_LABELS[target]} listing`}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <RiskBanner
        risks={saved.risks}
        editing={{
          copy: draft,
          onRemove: (term) => edit(withoutPhraseInTitleAndTags({ title: draft.title, tags: draft.tags }, term)),
        }}
      />
      <ListingField id={ids.title} label="Title" counter={counterText(draft.title, limits.title)} message={messageOf('title')}>
        <input
          id={ids.title}
          className={fieldClass}
          value={draft.title}
          aria-invalid={Boolean(messageOf('title'))}
          aria-describedby={describedBy(ids.title)}
          onChange={(event) => edit({ title: event.target.value })}
        />
      </ListingField>

      {takes('tags') && (
        <ListingField
          id={ids.tags}
          label="Add a tag"
          counter={`${draft.tags.length} of ${limits.tags ?? 13} tags`}
          message={messageOf('tags')}
        >
          <div className="flex gap-2">
            <input
              id={ids.tags}
              className={fieldClass}
              value={tagInput}
              placeholder={limits.tag ? `A tag of at most ${limits.tag} characters` : 'A tag'}
              aria-invalid={Boolean(messageOf('tags'))}
              aria-describedby={describedBy(ids.tags)}
              onChange={(event) => setTagInput(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  addTyped();
                }
              }}
            />
            <Button variant="outline" size="sm" onClick={addTyped} disabled={!tagInput.trim()}>
              <Plus className="size-4" aria-hidden /> Add
            </Button>
          </div>
          <ul aria-label="Tags" className="flex flex-wrap gap-1.5 pt-1">
            {draft.tags.map((tag, position) => (
              <li
                key={`${tag}-${position}`}
                className={cn(
                  'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs',
                  limits.tag && [...tag].length > limits.tag
                    ? 'border-danger text-danger'
                    : 'border-zinc-300 text-zinc-800 dark:border-zinc-600 dark:text-zinc-200',
                )}
              >
                {tag}
                <button
                  type="button"
                  aria-label={`Remove tag ${tag}`}
                  className="rounded-full p-0.5 hover:bg-zinc-200 dark:hover:bg-zinc-700"
                  onClick={() => edit({ tags: draft.tags.filter((_, other) => other !== position) })}
                >
                  <X className="size-3" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        </ListingField>
      )}

      <ListingField
        id={ids.description}
        label="Description"
        counter={counterText(draft.description, limits.description)}
        message={messageOf('description')}
      >
        <textarea
          id={ids.description}
          rows={6}
          className={fieldClass}
          value={draft.description}
          aria-invalid={Boolean(messageOf('description'))}
          aria-describedby={describedBy(ids.description)}
          onChange={(event) => edit({ description: event.target.value })}
        />
      </ListingField>

      {Array.from({ length: bulletSlots }, (_, position) => (
        <ListingField
          key={position}
          id={ids.bullet(position)}
          label={`Bullet ${position + 1}`}
          counter={counterText(draft.bullets[position] ?? '', limits.bullet)}
          message={position === 0 ? messageOf('bullets') : undefined}
        >
          <textarea
            id={ids.bullet(position)}
            rows={2}
            className={fieldClass}
            value={draft.bullets[position] ?? ''}
            aria-describedby={describedBy(ids.bullet(position))}
            onChange={(event) => {
              const bullets = [...draft.bullets];
              while (bullets.length <= position) bullets.push('');
              bullets[position] = event.target.value;
              edit({ bullets: bullets.filter((bullet, at) => bullet !== '' || at < position) });
            }}
          />
        </ListingField>
      ))}

      {takes('brand') && (
        <ListingField
          id={ids.brand}
          label="Brand"
          counter={counterText(draft.brand, limits.brand)}
          message={brandMessage}
          action={
            brandMissing && (
              <Link to={accountLink('sellerProfile')} className="text-xs font-medium text-accent underline">
                Set your brand in the seller profile
              </Link>
            )
          }
        >
          <input
            id={ids.brand}
            className={fieldClass}
            value={draft.brand}
            aria-invalid={Boolean(brandMessage)}
            aria-describedby={describedBy(ids.brand)}
            onChange={(event) => edit({ brand: event.target.value })}
          />
        </ListingField>
      )}

      <div className="flex flex-wrap gap-2">
        {/* aria-disabled, not disabled: the focus stays on the button while it saves and after. */}
        <Button type="submit" size="sm" aria-disabled={saving || Object.keys(changed).length === 0} className="aria-disabled:opacity-50">
          {saving ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Save className="size-4" aria-hidden />} Save listing
        </Button>
        <Button variant="outline" size="sm" onClick={() => void copy('Title', draft.title)}>
          <Copy className="size-4" aria-hidden /> Copy title
        </Button>
        {takes('tags') && (
          <Button variant="outline" size="sm" onClick={() => void copy('Tags', draft.tags.join(', '))}>
            <Copy className="size-4" aria-hidden /> Copy tags
          </Button>
        )}
        <Button variant="outline" size="sm" onClick={() => void copy('Description', draft.description)}>
          <Copy className="size-4" aria-hidden /> Copy description
        </Button>
      </div>
    </form>
  );
}

/** The listing kit: streamed at once for up to LISTING_KIT.directMaxDesigns designs, else prepared as a job first. */
function KitDownload({ designs, collection }: { designs: readonly Asset[]; collection: { batchId: string; designs: number } | null }) {
  const [busy, setBusy] = useState(false);
  const [job, setJob] = useState<KitJobView | null>(null);
  const ids = designs.map((asset) => asset.id);
  const count = collection?.designs ?? ids.length;
  const asJob = collection !== null || ids.length > LISTING_KIT.directMaxDesigns;

  useEffect(() => {
    if (!job || job.status === 'ready' || job.status === 'failed') return;
    const timer = setTimeout(() => {
      getListingKitJob(job.id).then(
        (reply) => setJob(reply.kit),
        () => undefined,
      );
    }, 2000);
    return () => clearTimeout(timer);
  }, [job]);

  async function download() {
    setBusy(true);
    try {
      if (asJob) setJob((await createListingKitJob(collection ? { batchId: collection.batchId } : { ids })).kit);
      else {
        await saveFile(listingKitUrl(ids), 'printloom-listing-kit.zip');
        toast({ title: 'Listing kit saved' });
      }
    } catch (error) {
      toast({ title: 'Listing kit failed', description: errorText(error, 'The listing kit could not be made.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-label="Listing kit" className="space-y-2 border-t border-zinc-200 pt-4 dark:border-zinc-800">
      <p className="text-sm text-muted">
        A ZIP of the light and dark print files, the mockups and listing.json + listing.csv for Etsy, Merch and generic
        {count > 1 ? `, for ${count} designs` : ''}.
        {asJob && ` More than ${LISTING_KIT.directMaxDesigns} designs are prepared first; download the kit when it is ready.`}
      </p>
      <Button onClick={() => void download()} disabled={busy || (job !== null && job.status !== 'failed' && job.status !== 'ready')}>
        {busy ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Download className="size-4" aria-hidden />} Download listing kit
      </Button>
      <p role="status" className="text-sm">
        {busy && !asJob ? 'Making the listing kit…' : ''}
        {job && job.status !== 'ready' && job.status !== 'failed' && `Preparing the kit: ${job.prepared} of ${job.designs} designs ready…`}
        {job?.status === 'failed' && (job.error ?? 'The kit could not be prepared.')}
      </p>
      {job?.status === 'ready' && job.downloadUrl && (
        <Button variant="outline" onClick={() => void saveFile(job.downloadUrl!, 'printloom-listing-kit.zip')}>
          <Download className="size-4" aria-hidden /> Download the prepared kit
        </Button>
      )}
    </section>
  );
}
