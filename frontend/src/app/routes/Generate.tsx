import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { Asset } from '@printloom/contracts/assets.schemas';
import { LIMITS } from '@printloom/contracts/limits';
import type { ExportPresetId } from '@printloom/contracts/export-presets';
import { upscaleNeedsPlanMessage } from '@printloom/contracts/messages';
import { IMAGES_PER_GENERATION, type UpscaleFactor } from '@printloom/contracts/plans';
import { AppHeader } from '../../components/layout/AppHeader';
import { toast } from '../../components/ui/toast';
import { useMe } from '../../lib/current-user';
import { TrialBanner } from '../../features/generate/TrialBanner';
import { PromptForm } from '../../features/generate/PromptForm';
import { PromptRiskBanner } from '../../features/listings/PromptRiskBanner';
import { PromptGuide } from '../../features/generate/PromptGuide';
import { FailedPanel, StatusStrip } from '../../features/generate/StatusStrip';
import { Toolbar, type PublicationFilter } from '../../features/library/components/Toolbar';
import { Gallery } from '../../features/library/components/Gallery';
import type { AssetCardHandlers, CardLayout } from '../../features/library/components/AssetCard';
import { ImageDetailsDialog } from '../../features/library/components/ImageDetailsDialog';
import { Lightbox } from '../../features/library/components/Lightbox';
import { GARMENT_LABELS, GarmentPair } from '../../features/library/components/GarmentPair';
import { MockupStrip } from '../../features/library/components/MockupStrip';
import { imageUrl } from '../../features/library/api/download-assets';
import { ListingPanel } from '../../features/listings/ListingPanel';
import { buttonClasses } from '../../components/ui/button';
import { UpgradeDialog } from '../../features/billing/UpgradeDialog';
import { DescribeDialog } from '../../features/generate/DescribeDialog';
import { HelpDialog } from '../../features/support/HelpDialog';
import { ConfirmDialog } from '../../features/library/components/ConfirmDialog';
import {
  batchSelection,
  clickSelection,
  collectionJobBatchId,
  collectionStarAction,
  deleteConfirmation,
  emptySelection,
  pruneSelection,
  unloadedIds,
  type Selection,
} from '../../features/library/hooks/selection';
import { useAssetActions } from '../../features/library/hooks/use-asset-actions';
import { useBulkJobs } from '../../features/library/hooks/use-bulk-jobs';
import { BulkJobsPanel } from '../../features/library/components/BulkJobsPanel';
import { libraryQueryKey, useAssets } from '../../features/library/api/list-assets';
import { useGeneration } from '../../features/generate/use-generation';
import { currentPlan, isSubscribed, trialCreditsLeft } from '../../features/billing/billing-math';
import { useGoogleSignupAnalytics } from '../../features/auth/google-signup-analytics';
import { CreateDraftsDialog } from '../../features/publishing/CreateDraftsDialog';
import { DesignPublications } from '../../features/publishing/DesignPublications';
import { usePublicationSummary } from '../../features/publishing/api/publishing';
import { countsByDesign } from '../../features/publishing/publication-summary';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { CollectionForm } from '../../features/batches/CollectionForm';
import { batchAssetIds, batchQueryOptions, useBatches } from '../../features/batches/api/batches';
import { errorText } from '../../lib/api-client';

const LAYOUT_KEY = 'gallery-layout';
type Tab = 'single' | 'collection';
/** Every design of a collection, more than one request takes: actions name it by its batch id. */
type CollectionRef = { batchId: string; designs: number; assetIds?: readonly string[] };

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** While a batch runs, the library reloads each time it finished more rows, so its designs appear as they are made. */
function useLibraryFollowsBatches() {
  const queryClient = useQueryClient();
  const { data } = useBatches();
  const finishedRows = data?.batches.reduce((sum, batch) => sum + batch.counts.succeeded, 0);
  const seen = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (finishedRows === undefined) return;
    if (seen.current !== undefined && finishedRows > seen.current) void queryClient.invalidateQueries({ queryKey: libraryQueryKey });
    seen.current = finishedRows;
  }, [finishedRows, queryClient]);
}

export default function Generate() {
  const { data: me } = useMe();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [prompt, setPrompt] = useState('');
  const [search, setSearch] = useState('');
  const [starredOnly, setStarredOnly] = useState(false);
  const [publication, setPublication] = useState<PublicationFilter>('all');
  const [layout, setLayout] = useState<CardLayout>(() => (localStorage.getItem(LAYOUT_KEY) === 'list' ? 'list' : 'grid'));
  const [selection, setSelection] = useState<Selection>(emptySelection);
  const [confirmBulkDelete, setConfirmBulkDelete] = useState(false);
  const [drafts, setDrafts] = useState<{ assets: readonly Asset[]; collection: CollectionRef | null } | null>(null);
  const [details, setDetails] = useState<Asset | null>(null);
  const [lightboxIndex, setLightboxIndex] = useState<number | null>(null);
  const [listing, setListing] = useState<{ designs: readonly Asset[]; collection: CollectionRef | null } | null>(null);
  const [upgrade, setUpgrade] = useState<{ open: boolean; reason?: string }>({ open: false });
  const [describeFile, setDescribeFile] = useState<File | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const promptBox = useRef<HTMLTextAreaElement>(null);
  const tab: Tab = params.get('tab') === 'collection' ? 'collection' : 'single';
  const batchToSelect = params.get('batch');
  const debouncedSearch = useDebounced(search.trim(), 250);

  useEffect(() => {
    const prefill = params.get('prompt');
    if (prefill === null) return;
    setPrompt(prefill.slice(0, LIMITS.promptMaxChars));
    const next = new URLSearchParams(params);
    next.delete('prompt');
    setParams(next, { replace: true });
  }, [params, setParams]);

  // "Select all designs of this batch" (the batch page links here with ?batch=<id>): the whole library,
  // unfiltered, with every design of the batch selected; the gallery then loads the ones not shown yet.
  useEffect(() => {
    if (!batchToSelect) return;
    const forget = () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('batch');
          return next;
        },
        { replace: true },
      );
    queryClient
      .fetchQuery(batchQueryOptions(batchToSelect))
      .then((reply) => {
        setSearch('');
        setStarredOnly(false);
        setPublication('all');
        setSelection(batchSelection(reply.batch.id, batchAssetIds(reply.batch)));
      })
      .catch((error: unknown) =>
        toast({ title: 'Could not select the collection', description: errorText(error, 'Collection not found'), variant: 'destructive' }),
      )
      .finally(forget);
  }, [batchToSelect, queryClient, setParams]);

  const generation = useGeneration(me?.user.id, {
    onSucceeded: () => {
      void queryClient.invalidateQueries({ queryKey: libraryQueryKey });
      setSearch('');
      setStarredOnly(false);
      setPublication('all');
    },
    onInsufficientCredits: (message) => setUpgrade({ open: true, reason: message }),
    onError: (message) => toast({ title: 'Generation failed', description: message, variant: 'destructive' }),
  });

  const assetsQuery = useAssets({ search: debouncedSearch, starredOnly, publication: publication === 'all' ? undefined : publication });
  const assets = useMemo(() => assetsQuery.data?.pages.flatMap((page) => page.assets) ?? [], [assetsQuery.data]);
  const assetIds = useMemo(() => assets.map((asset) => asset.id), [assets]);
  // The badges of the cards shown, asked of publishing for these designs: complete whatever the number of publications.
  const publicationSummary = usePublicationSummary(assetIds).designs;
  const publicationCounts = useMemo(() => countsByDesign(publicationSummary), [publicationSummary]);
  useEffect(() => setSelection((current) => pruneSelection(current, assetIds)), [assetIds]);
  // A search or the starred filter narrows a batch's selection to the cards it shows, like any selection.
  const filtered = Boolean(debouncedSearch) || starredOnly || publication !== 'all';
  useEffect(() => {
    if (filtered) setSelection((current) => (current.batchId ? { ...current, batchId: null } : current));
  }, [filtered]);
  useLibraryFollowsBatches();

  // A batch's selection: load the library's pages until each of its designs has its card (up to the bulk
  // limit: beyond it no bulk action takes the selection anyway), reload once if some are still missing
  // (made after the library loaded), then keep only the designs that exist.
  const missingIds = useMemo(() => unloadedIds(selection, assetIds), [selection, assetIds]);
  const pagesLoaded = assetsQuery.data?.pages.length ?? 0;
  const batchPageCap = Math.ceil(selection.ids.size / LIMITS.assetsPageSize) + 2;
  const loadingSelection =
    Boolean(selection.batchId) && missingIds.length > 0 && selection.ids.size <= LIMITS.bulkMaxIds && !assetsQuery.isError;
  const reloadedFor = useRef<string | null>(null);
  const { hasNextPage, isFetching, fetchNextPage } = assetsQuery;
  useEffect(() => {
    if (!loadingSelection || isFetching || !selection.batchId) return;
    if (hasNextPage && pagesLoaded < batchPageCap) {
      void fetchNextPage();
    } else if (reloadedFor.current !== selection.batchId) {
      reloadedFor.current = selection.batchId;
      void queryClient.invalidateQueries({ queryKey: libraryQueryKey });
    } else {
      setSelection((current) => ({ ...current, ids: new Set([...current.ids].filter((id) => !missingIds.includes(id))) }));
    }
  }, [loadingSelection, isFetching, hasNextPage, pagesLoaded, batchPageCap, fetchNextPage, queryClient, selection.batchId, missingIds]);

  const actions = useAssetActions();
  const bulkJobs = useBulkJobs();
  // Every design of a collection, above the bulk limit: the actions take its batch id and run as jobs,
  // without loading every card.
  const collectionBatchId = collectionJobBatchId(selection, filtered);
  const collection: CollectionRef | null = collectionBatchId
    ? { batchId: collectionBatchId, designs: selection.ids.size, assetIds: [...selection.ids] }
    : null;
  useGoogleSignupAnalytics(me?.user.id);
  const credits = me?.credits ?? 0;
  const subscribed = isSubscribed(me?.subscription?.status);
  const plan = currentPlan(me?.subscription);

  const upscale = useCallback(
    (asset: Asset, factor: UpscaleFactor) => {
      if (!plan?.upscaleFactors.includes(factor)) {
        setUpgrade({ open: true, reason: upscaleNeedsPlanMessage(factor) });
        return;
      }
      void actions.upscale(asset, factor);
    },
    [plan, actions],
  );

  const handlers = useMemo<AssetCardHandlers>(
    () => ({
      onSelect: (index, shift) => setSelection((current) => clickSelection(current, assetIds, index, shift)),
      onOpen: setLightboxIndex,
      onInfo: setDetails,
      onStar: (asset) => void actions.toggleStar(asset),
      onDownload: (asset) => void actions.download(asset),
      onRemoveBackground: (asset) => void actions.removeBackground(asset.id),
      onUpscale: upscale,
      onExport: (asset, presetId) => void actions.exportFor([asset], presetId),
      onPrepareListing: (asset) => setListing({ designs: [asset], collection: null }),
      onDelete: (asset) => void actions.deleteOne(asset.id),
      onCreateDrafts: (asset) => setDrafts({ assets: [asset], collection: null }),
    }),
    [assetIds, actions, upscale],
  );

  const selectedAssets = assets.filter((asset) => selection.ids.has(asset.id));
  const skeletons = (generation.running ? IMAGES_PER_GENERATION : 0) + actions.upscaling.size;

  function showSingleDesign() {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('tab');
        return next;
      },
      { replace: true },
    );
  }

  function rerun(previous: string) {
    setDetails(null);
    showSingleDesign();
    setPrompt(previous.slice(0, LIMITS.promptMaxChars));
    window.scrollTo({ top: 0, behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
    setTimeout(() => promptBox.current?.focus(), 50);
  }

  return (
    <div className="min-h-screen bg-zinc-50 dark:bg-zinc-950">
      <AppHeader onHelp={() => setHelpOpen(true)} />
      {me && !subscribed && <TrialBanner credits={credits} trialCredits={trialCreditsLeft(me)} notice={me.trialNotice} />}

      <main id="main-content" tabIndex={-1} className="mx-auto max-w-7xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
        <h1 className="sr-only">Generate designs</h1>
        <Tabs
          value={tab}
          onValueChange={(value) =>
            value === 'collection'
              ? setParams(
                  (current) => {
                    const next = new URLSearchParams(current);
                    next.set('tab', 'collection');
                    return next;
                  },
                  { replace: true },
                )
              : showSingleDesign()
          }
          className="space-y-4"
        >
          <TabsList aria-label="What to make" className="max-w-md">
            <TabsTrigger value="single">One design</TabsTrigger>
            <TabsTrigger value="collection">Collection</TabsTrigger>
          </TabsList>
          <TabsContent value="single" className="space-y-6">
            <PromptForm
              prompt={prompt}
              onPromptChange={setPrompt}
              credits={credits}
              busy={generation.busy}
              onGenerate={(text) => void generation.generate(text)}
              onImageChosen={setDescribeFile}
              textareaRef={promptBox}
              belowPrompt={<PromptRiskBanner text={prompt} />}
            />
          </TabsContent>
          <TabsContent value="collection">
            <CollectionForm credits={credits} />
          </TabsContent>
        </Tabs>
        {generation.running && <StatusStrip status={generation.status} notice={generation.job?.notice} />}
        {generation.status === 'failed' && <FailedPanel error={generation.job?.error ?? null} />}

        <section aria-label="Your library" className="space-y-4">
          <Toolbar
            starredOnly={starredOnly}
            onStarredOnly={setStarredOnly}
            publication={publication}
            onPublication={setPublication}
            layout={layout}
            onLayout={(next) => {
              setLayout(next);
              localStorage.setItem(LAYOUT_KEY, next);
            }}
            search={search}
            onSearch={setSearch}
            selectedCount={selection.ids.size}
            selectionNote={
              selection.batchId
                ? loadingSelection
                  ? 'Loading every design of the collection…'
                  : 'Every design of the collection'
                : undefined
            }
            actionsDisabledReason={
              loadingSelection
                ? 'Loading the selected designs…'
                : selection.ids.size > LIMITS.bulkMaxIds && !collection
                  ? `Bulk actions take at most ${LIMITS.bulkMaxIds} images at a time.`
                  : undefined
            }
            onStarSelected={() =>
              void (collection
                ? bulkJobs.start({ action: collectionStarAction(selectedAssets), batchId: collection.batchId })
                : actions.starMany(selectedAssets))
            }
            onDownloadSelected={() =>
              void (collection ? bulkJobs.start({ action: 'download', batchId: collection.batchId }) : actions.downloadMany(selectedAssets))
            }
            // The menu lists the server's own presets (GET /api/export-presets), which it checks again.
            onExportSelected={(presetId) =>
              void (collection
                ? bulkJobs.start({ action: 'export', batchId: collection.batchId, preset: presetId as ExportPresetId })
                : actions.exportFor(selectedAssets, presetId))
            }
            onPrepareListingSelected={() => setListing({ designs: selectedAssets, collection })}
            onDeleteSelected={() => setConfirmBulkDelete(true)}
            onCreateDraftsSelected={() => setDrafts({ assets: selectedAssets, collection })}
            onClearSelection={() => setSelection(emptySelection)}
          />
          <BulkJobsPanel jobs={bulkJobs.jobs} onDismiss={bulkJobs.dismiss} />
          <Gallery
            assets={assets}
            selectedIds={selection.ids}
            layout={layout}
            handlers={handlers}
            skeletons={skeletons}
            loading={assetsQuery.isLoading}
            error={assetsQuery.isError}
            filtered={filtered}
            hasMore={assetsQuery.hasNextPage}
            loadingMore={assetsQuery.isFetchingNextPage}
            onLoadMore={() => void assetsQuery.fetchNextPage()}
            publications={publicationCounts}
          />
        </section>
      </main>

      <ConfirmDialog
        open={confirmBulkDelete}
        title={deleteConfirmation(selection.ids.size)}
        description="Deleted images cannot be recovered."
        confirmLabel="Delete"
        onCancel={() => setConfirmBulkDelete(false)}
        onConfirm={() => {
          setConfirmBulkDelete(false);
          const deleting = collection
            ? bulkJobs.start({ action: 'delete', batchId: collection.batchId })
            : actions.deleteMany([...selection.ids]);
          void deleting.then((ok) => ok && setSelection(emptySelection));
        }}
      />
      <ImageDetailsDialog
        asset={details}
        onClose={() => setDetails(null)}
        onRerun={rerun}
        onDownload={(asset) => void actions.download(asset)}
      />
      <Lightbox
        assets={assets}
        index={lightboxIndex}
        onIndex={setLightboxIndex}
        onClose={() => setLightboxIndex(null)}
        onDownload={(asset) => void actions.download(asset)}
        onExport={(asset, presetId) => void actions.exportFor([asset], presetId)}
        onUpscale={upscale}
        onPrepareListing={(asset) => {
          setLightboxIndex(null);
          setListing({ designs: [asset], collection: null });
        }}
        onCreateDrafts={(asset) => setDrafts({ assets: [asset], collection: null })}
        aside={(asset) => <DesignPublications key={asset.id} assetId={asset.id} />}
      />
      <ListingPanel
        designs={listing?.designs ?? []}
        collection={listing?.collection}
        open={listing !== null}
        onClose={() => setListing(null)}
        media={(asset) => (
          <>
            <GarmentPair key={asset.id} asset={asset} mode="files" className="gap-3 [&_figure]:size-28" />
            <div className="flex flex-wrap gap-2">
              {(['light', 'dark'] as const).map((garment) => (
                <a key={garment} href={imageUrl(asset.id, undefined, garment)} download className={buttonClasses('outline', 'sm')}>
                  File for {GARMENT_LABELS[garment]} garments
                </a>
              ))}
            </div>
            <MockupStrip key={`mockups-${asset.id}`} assetId={asset.id} tone="page" />
          </>
        )}
      />
      <CreateDraftsDialog assets={drafts?.assets ?? null} collection={drafts?.collection} onClose={() => setDrafts(null)} />
      <UpgradeDialog open={upgrade.open} reason={upgrade.reason} onOpenChange={(open) => setUpgrade({ open })} />
      <DescribeDialog
        file={describeFile}
        onClose={() => setDescribeFile(null)}
        onDescribed={(description) => {
          showSingleDesign();
          setPrompt(description.slice(0, LIMITS.promptMaxChars));
        }}
      />
      <HelpDialog key={me?.user.email} open={helpOpen} onOpenChange={setHelpOpen} email={me?.user.email} guide={<PromptGuide />} />
    </div>
  );
}
