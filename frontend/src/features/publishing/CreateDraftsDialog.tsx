import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ExternalLink, Loader2 } from 'lucide-react';
import type { Asset } from '@printloom/contracts/assets.schemas';
import type { ConnectionState, ListedTemplate, ProductTemplate, Publication } from '@printloom/contracts/publishing.schemas';
import { accountLink } from '../../lib/account-sections';
import { errorText } from '../../lib/api-client';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { useQueryClient } from '@tanstack/react-query';
import {
  STATUS_LABELS,
  createPublications,
  publicationSummaryQueryKey,
  useAllPublications,
  useConnection,
  usePublicationSummary,
  usePublications,
  useTemplates,
} from './api/publishing';
import { designsWithDraftOf } from './publication-summary';
import { designImageUrl as imageUrl } from './design-image';
import { ConfirmAnyway, DraftsNeedingReview, ReviewReasons, type DraftToReview } from './DraftReview';
import { useDraftConfirmations } from './use-draft-confirmations';
import { PublishControls } from './PublishControls';

/** A colour name as a swatch (the templates' garment colours, as Printify names them). */
const SWATCH: Record<string, string> = {
  White: '#ffffff',
  Black: '#111111',
  Navy: '#1f2a44',
  'Athletic Heather': '#b8b8b8',
  'Sport Grey': '#9b9b9b',
  Cream: '#f3ead3',
  Natural: '#efe6d2',
};

const coloursOf = (template: ProductTemplate) => [
  ...new Set(template.variants.map((variant) => variant.options.color).filter((colour): colour is string => Boolean(colour))),
];
/** What a template offers in a line: its colours, or (a mug, a poster) its sizes. */
const offerOf = (template: ProductTemplate) => {
  const colours = coloursOf(template);
  if (colours.length > 0) return colours.join(', ');
  return [...new Set(template.variants.map((variant) => [variant.options.size, variant.options.paper].filter(Boolean).join(' ')))].join(
    ', ',
  );
};

/**
 * The design on each of the template's colours: the light file on light garments, the dark file on
 * dark ones. A template without colours (a mug, a poster) shows the design on white.
 */
function TemplatePreview({ asset, template }: { asset: Asset; template: ProductTemplate }) {
  const colours = coloursOf(template);
  return (
    <ul aria-label={`${template.name} colours`} className="flex flex-wrap gap-2">
      {(colours.length > 0 ? colours : [null]).map((colour) => {
        const garment = colour && template.darkColours.includes(colour) ? 'dark' : 'light';
        return (
          <li key={colour ?? 'white'} className="text-center text-xs">
            <span
              className="block size-16 overflow-hidden rounded-md ring-1 ring-zinc-300 dark:ring-zinc-700"
              style={{ backgroundColor: (colour && SWATCH[colour]) || '#ffffff' }}
            >
              <img
                src={imageUrl(asset.id, 'thumbnail', garment)}
                alt={colour ? `On ${colour}: the ${garment} file` : `On white: the ${garment} file`}
                className="size-full object-contain p-1"
                loading="lazy"
              />
            </span>
            {colour}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * What the template asks for that the seller's Printify catalogue does not offer (named before any
 * draft is made), or that the catalogue could not be checked now.
 */
export function UnavailableVariants({ template }: { template: ListedTemplate }) {
  if (template.unavailable === null)
    return (
      <p role="note" className="text-sm text-muted">
        Whether Printify offers every variant of {template.name} could not be checked just now.
      </p>
    );
  if (template.unavailable.length === 0) return null;
  return (
    <div
      role="note"
      aria-label="Not offered"
      className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="font-medium">
        {template.unavailable.length === template.variants.length
          ? `Your Printify catalogue offers none of ${template.name}'s variants: no draft can be made with it.`
          : `Not offered in your Printify catalogue, so left out of the drafts:`}
      </p>
      <ul className="mt-1 list-disc pl-5">
        {template.unavailable.map((entry) => (
          <li key={entry.label}>
            {entry.label} — {entry.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Where the drafts go, with the way to Account → Connections (to connect, pick another shop, or read the token steps). */
function ConnectionLine({ connection }: { connection: ConnectionState }) {
  const shop = connection.shops.find((candidate) => candidate.id === connection.shopId);
  const where = connection.connected
    ? `Drafts go to your Printify shop${shop ? ` ${shop.title}` : ''}.`
    : connection.localShop
      ? 'Printify is not connected: drafts go to the local shop of this development system.'
      : 'Printify is not connected yet.';
  return (
    <p className="text-sm text-muted">
      {where}{' '}
      <Link to={accountLink('connections')} className="font-medium text-accent underline">
        {connection.connected ? 'Printify connection settings' : 'Connect Printify in Account → Connections'}
      </Link>
    </p>
  );
}

/**
 * A draft row's name: its listing title (what the shop will show; the designs of one prompt differ by
 * it) and its template. Before the draft step has read the listing, the design's prompt stands in.
 */
export function draftRowName(
  publication: Pick<Publication, 'title' | 'templateId'>,
  templates: readonly Pick<ProductTemplate, 'id' | 'name'>[],
  fallback: string,
): string {
  const template = templates.find((each) => each.id === publication.templateId)?.name ?? publication.templateId;
  return `${publication.title || fallback} · ${template}`;
}

const FAILED = new Set<Publication['status']>(['failed', 'publish_failed']);

export function StatusRow({
  publication,
  asset,
  templates,
}: {
  publication: Publication;
  asset?: Asset;
  templates: readonly Pick<ProductTemplate, 'id' | 'name'>[];
}) {
  const label = STATUS_LABELS[publication.status];
  const { outcomes, confirmOne } = useDraftConfirmations();
  const name = draftRowName(publication, templates, asset?.job.prompt || 'Design');
  return (
    <li className="flex items-center gap-3 py-2" data-status={publication.status}>
      {asset && <img src={imageUrl(asset.id, 'thumbnail')} alt="" className="size-10 rounded object-contain ring-1 ring-zinc-200" />}
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{name}</p>
        <p className={cn('text-sm', FAILED.has(publication.status) ? 'text-danger' : 'text-muted')}>
          {publication.status === 'publishing' && <Loader2 className="mr-1 inline size-3.5 animate-spin" aria-hidden />}
          {label}
          {publication.status === 'publishing' && ' (Printify is sending it to your shop)'}
          {publication.status === 'publish_waiting' && publication.placeInLine !== undefined && ` (${publication.placeInLine} before it)`}
          {publication.error && `: ${publication.error.message}`}
        </p>
        <ReviewReasons review={publication.review} />
      </div>
      {publication.status === 'needs_review' && (
        <ConfirmAnyway name={name} outcome={outcomes[publication.id]} onConfirm={() => void confirmOne(publication.id)} />
      )}
      <PublishControls publication={publication} name={name} linkClassName="inline-flex items-center gap-1 text-sm text-accent underline" />
      {publication.productUrl && (
        <a
          href={publication.productUrl}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1 text-sm text-accent underline"
        >
          Open in Printify <ExternalLink className="size-3.5" aria-hidden />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      )}
    </li>
  );
}

/** A collection's drafts in one sentence (hundreds of rows would say less): how many exist, wait, failed. */
export function draftsSummary(total: number, publications: readonly Pick<Publication, 'status'>[]): string {
  const count = (...statuses: Publication['status'][]) =>
    publications.filter((publication) => statuses.includes(publication.status)).length;
  const created = count('draft_created', 'publish_waiting', 'publishing', 'published', 'publish_failed');
  const failed = count('failed');
  const review = count('needs_review');
  const published = count('published');
  const publishFailed = count('publish_failed');
  return [
    `${created} of ${total} drafts created`,
    published > 0 ? `${published} published` : '',
    review > 0 ? `${review} need your review` : '',
    failed > 0 ? `${failed} failed` : '',
    publishFailed > 0 ? `${publishFailed} publishing failed` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** A collection's drafts held for review, in the collection's order, named by listing title and template. */
function needingReview(
  created: readonly string[],
  rows: readonly Publication[],
  assets: readonly Asset[],
  templates: readonly ProductTemplate[],
): DraftToReview[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return created.flatMap((id, index) => {
    const publication = byId.get(id);
    if (publication?.status !== 'needs_review') return [];
    const prompt = assets.find((asset) => asset.id === publication.assetId)?.job.prompt;
    return [{ publication, name: draftRowName(publication, templates, prompt || `Design ${index + 1} of ${created.length}`) }];
  });
}

/** A template's note: how many of the chosen designs already have a draft of it. */
function AlreadyDrafted({ count, of }: { count: number; of: number }) {
  if (count === 0) return null;
  return (
    <span className="block font-medium text-accent">
      {count === of ? (of === 1 ? 'Has a draft already' : 'All have a draft already') : `${count} of ${of} have a draft already`}
    </span>
  );
}

/** The chosen designs that already have a draft of the template: each found again, only the others made. */
function DraftedDesigns({
  template,
  count,
  designs,
  publications,
  assets,
}: {
  template: ProductTemplate;
  count: number;
  /** The chosen designs with a draft, as the server counts them (the publications listed may be fewer: the newest only). */
  designs: number;
  publications: readonly Publication[];
  assets: readonly Asset[];
}) {
  const rest = count - designs;
  return (
    <section aria-label="Designs with a draft already" className="rounded-lg border border-zinc-300 p-3 text-sm dark:border-zinc-700">
      <p className="font-medium">
        {designs} of {count} {count === 1 ? 'design has' : 'designs have'} a {template.name} draft already
        {rest > 0 ? `: only the other ${rest} ${rest === 1 ? 'is' : 'are'} made.` : '.'}
      </p>
      {/* A whole collection's hundreds of rows would say less than the sentence. */}
      {publications.length <= 10 && (
        <ul className="mt-1 divide-y divide-zinc-200 dark:divide-zinc-800">
          {publications.map((publication) => (
            <StatusRow
              key={publication.id}
              publication={publication}
              asset={assets.find((asset) => asset.id === publication.assetId)}
              templates={[template]}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * "Create Printify drafts": pick a template (the design previewed on its colours), create one draft per
 * design, then follow each design's status until its draft exists.
 */
export function CreateDraftsDialog({
  assets,
  collection = null,
  onClose,
}: {
  assets: readonly Asset[] | null;
  /**
   * Every design of a collection, more than the library loads at once: drafts of them all by the batch id
   * (`assets`: the loaded ones, for the preview; `assetIds`: all of them, to find those with a draft).
   */
  collection?: { batchId: string; designs: number; assetIds?: readonly string[] } | null;
  onClose: () => void;
}) {
  const open = assets !== null && (assets.length > 0 || collection !== null);
  const templates = useTemplates(open);
  const connection = useConnection(open);
  const [templateId, setTemplateId] = useState('tee');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<string[]>([]);
  const [skipped, setSkipped] = useState(0);
  const publications = usePublications(created);
  const existing = useAllPublications(open).data?.publications ?? [];
  const selectedIds = collection?.assetIds ?? (assets ?? []).map((asset) => asset.id);
  // Which chosen designs have a draft in the current shop: publishing's answer, by the rule creating drafts skips them.
  const summary = usePublicationSummary(selectedIds, open).designs;
  const queryClient = useQueryClient();
  const draftedOf = (id: string) => designsWithDraftOf(summary, id, selectedIds);
  const drafted = draftedOf(templateId);
  const chosen = templates.data?.templates.find((template) => template.id === templateId);
  const rows = (publications.data?.publications ?? []).filter((publication) => created.includes(publication.id));

  async function create() {
    if (!assets) return;
    setBusy(true);
    setError(null);
    try {
      const reply = await createPublications(
        collection ? { batchId: collection.batchId } : { assetIds: assets.map((asset) => asset.id) },
        templateId,
      );
      setCreated(reply.publications.map((publication) => publication.id));
      setSkipped(reply.skipped.length);
      void publications.refetch();
      void queryClient.invalidateQueries({ queryKey: publicationSummaryQueryKey });
    } catch (failure) {
      setError(errorText(failure, 'The drafts could not be created'));
    } finally {
      setBusy(false);
    }
  }

  function close() {
    setCreated([]);
    setSkipped(0);
    setError(null);
    onClose();
  }

  const count = collection?.designs ?? assets?.length ?? 0;
  const missing = Math.max(count - drafted.size, 0);
  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent
        title="Create Printify drafts"
        description={`${count} ${count === 1 ? 'design' : 'designs'}: one draft product each, with the listing's title, tags and description.`}
        className="max-w-2xl"
      >
        {connection.data && !connection.data.allowed && (
          <p role="alert" className="mb-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            {connection.data.upgradeMessage}{' '}
            <Link to={accountLink('plan')} className="font-medium underline">
              Open Account → Plan
            </Link>
          </p>
        )}
        {error && (
          <p role="alert" className="mb-3 text-sm text-danger">
            {error}
          </p>
        )}
        {created.length === 0 ? (
          <div className="space-y-4">
            <fieldset>
              <legend className="text-sm font-medium">Product template</legend>
              <div className="mt-2 grid gap-2 sm:grid-cols-2">
                {templates.isLoading && <Loader2 className="size-5 animate-spin" aria-label="Loading templates" />}
                {templates.data?.templates.map((template) => (
                  <label
                    key={template.id}
                    className={cn(
                      'flex cursor-pointer items-start gap-2 rounded-lg border p-3 text-sm',
                      template.id === templateId ? 'border-accent' : 'border-zinc-300 dark:border-zinc-700',
                    )}
                  >
                    <input
                      type="radio"
                      name="product-template"
                      value={template.id}
                      checked={template.id === templateId}
                      onChange={() => setTemplateId(template.id)}
                      className="mt-1"
                    />
                    <span>
                      <span className="block font-medium">{template.name}</span>
                      <span className="block text-muted">
                        {offerOf(template)} · from ${(Math.min(...template.variants.map((variant) => variant.price)) / 100).toFixed(2)}
                      </span>
                      <AlreadyDrafted count={draftedOf(template.id).size} of={count} />
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            {connection.data && <ConnectionLine connection={connection.data} />}
            {chosen && drafted.size > 0 && (
              <DraftedDesigns
                template={chosen}
                count={count}
                designs={drafted.size}
                publications={existing.filter((publication) => publication.templateId === chosen.id && drafted.has(publication.assetId))}
                assets={assets ?? []}
              />
            )}
            {chosen && assets?.[0] && (
              <section aria-label="Preview">
                <p className="mb-2 text-sm font-medium">
                  {coloursOf(chosen).length > 0 ? "Preview on the template's colours" : 'Preview on white'}
                </p>
                <TemplatePreview asset={assets[0]} template={chosen} />
              </section>
            )}
            {chosen && <UnavailableVariants template={chosen} />}
            <div className="flex justify-end gap-2">
              <Button variant="ghost" onClick={close}>
                Cancel
              </Button>
              <Button onClick={() => void create()} disabled={busy || !chosen || missing === 0 || connection.data?.allowed === false}>
                {busy && <Loader2 className="size-4 animate-spin" aria-hidden />}{' '}
                {missing === 0 ? 'Every design has this draft' : `Create ${missing} ${missing === 1 ? 'draft' : 'drafts'}`}
              </Button>
            </div>
          </div>
        ) : (
          <section aria-label="Progress">
            {skipped > 0 && (
              <p className="mb-2 text-sm text-muted">
                {skipped} {skipped === 1 ? 'design already had' : 'designs already had'} this draft: not made again.
              </p>
            )}
            {collection ? (
              <>
                <p role="status" aria-live="polite" className="text-sm">
                  {draftsSummary(created.length, rows)}
                </p>
                <DraftsNeedingReview drafts={needingReview(created, rows, assets ?? [], templates.data?.templates ?? [])} />
              </>
            ) : (
              <ul aria-live="polite" className="divide-y divide-zinc-200 dark:divide-zinc-800">
                {created.map((id) => {
                  const publication = rows.find((row) => row.id === id);
                  return publication ? (
                    <StatusRow
                      key={id}
                      publication={publication}
                      asset={assets?.find((asset) => asset.id === publication.assetId)}
                      templates={templates.data?.templates ?? []}
                    />
                  ) : (
                    <li key={id} className="py-2 text-sm text-muted">
                      Queued
                    </li>
                  );
                })}
              </ul>
            )}
            <div className="mt-4 flex justify-end">
              <Button variant="outline" onClick={close}>
                Done
              </Button>
            </div>
          </section>
        )}
      </DialogContent>
    </Dialog>
  );
}
