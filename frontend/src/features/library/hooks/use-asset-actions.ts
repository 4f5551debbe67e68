import { useCallback, useState } from 'react';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Asset } from '@printloom/contracts/assets.schemas';
import { CREDIT_COSTS, type UpscaleFactor } from '@printloom/contracts/plans';
import { errorText } from '../../../lib/api-client';
import { toast } from '../../../components/ui/toast';
import { useRecentProof } from '../../../components/reauth/RecentProof';
import { ProofDeclined } from '../../../lib/recent-proof';
import { track } from '../../../lib/analytics';
import { refreshMe } from '../../../lib/current-user';
import { imageUrl, saveFile, zipUrl } from '../api/download-assets';
import { exportUrl, exportZipUrl } from '../api/export-presets';
import { exportFallbackName } from '../components/export-menu';
import { starTargets } from './selection';
import { libraryQueryKey, type AssetPage } from '../api/list-assets';
import {
  deleteAsset,
  deleteAssets,
  removeBackground as removeAssetBackground,
  toggleStar as toggleAssetStar,
  upscaleAsset,
} from '../api/edit-assets';

/** Every library action of a card, the toolbar and the dialogs, each answered with a toast saying what happened. */
export function useAssetActions() {
  const queryClient = useQueryClient();
  const withProof = useRecentProof();
  const [upscaling, setUpscaling] = useState<ReadonlyMap<string, UpscaleFactor>>(new Map());

  const refreshLibrary = useCallback(() => queryClient.invalidateQueries({ queryKey: libraryQueryKey }), [queryClient]);

  const replaceAsset = useCallback(
    (updated: Asset) => {
      queryClient.setQueriesData<InfiniteData<AssetPage>>(
        { queryKey: libraryQueryKey },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({ ...page, assets: page.assets.map((asset) => (asset.id === updated.id ? updated : asset)) })),
          },
      );
    },
    [queryClient],
  );

  const toggleStar = useCallback(
    async (asset: Asset) => {
      try {
        const reply = await toggleAssetStar(asset.id);
        replaceAsset(reply.asset);
        track('image_starred', { asset_id: asset.id, job_id: asset.jobId ?? undefined, starred: reply.asset.starred });
        if (!reply.asset.starred)
          void queryClient.invalidateQueries({
            queryKey: libraryQueryKey,
            predicate: (query) => (query.queryKey[libraryQueryKey.length] as { starredOnly?: boolean })?.starredOnly === true,
          });
      } catch (error) {
        console.error('Failed to star asset', error);
      }
    },
    [queryClient, replaceAsset],
  );

  const starMany = useCallback(
    async (assets: readonly Asset[]) => {
      const { ids } = starTargets(assets);
      await Promise.all(
        ids.map(async (id) => {
          try {
            const reply = await toggleAssetStar(id);
            track('image_starred', { asset_id: id, job_id: reply.asset.jobId ?? undefined, starred: reply.asset.starred });
          } catch (error) {
            console.error('Failed to star asset', error);
          }
        }),
      );
      await refreshLibrary();
    },
    [refreshLibrary],
  );

  const deleteOne = useCallback(
    async (assetId: string) => {
      try {
        await deleteAsset(assetId);
        toast({ title: 'Deleted', description: 'Image deleted successfully' });
        await refreshLibrary();
        return true;
      } catch (error) {
        toast({ title: 'Delete failed', description: errorText(error, 'Delete failed'), variant: 'destructive' });
        return false;
      }
    },
    [refreshLibrary],
  );

  const deleteMany = useCallback(
    async (assetIds: readonly string[]) => {
      try {
        // More than LIMITS.deleteWithoutProofMax at once asks "Confirm it's you" first, then deletes.
        await withProof(`delete ${assetIds.length} images`, () => deleteAssets(assetIds));
        toast({ title: 'Success', description: `Deleted ${assetIds.length} image(s)` });
        await refreshLibrary();
        return true;
      } catch (error) {
        if (error instanceof ProofDeclined) return false;
        toast({ title: 'Delete failed', description: errorText(error, 'Failed to delete assets'), variant: 'destructive' });
        return false;
      }
    },
    [refreshLibrary, withProof],
  );

  const removeBackground = useCallback(
    async (assetId: string) => {
      const progress = toast({ title: 'Removing background...', description: 'This is free and may take a moment', persistent: true });
      try {
        await removeAssetBackground(assetId);
        progress.settle({ title: 'Success!', description: 'Background removed successfully' });
        await refreshLibrary();
      } catch (error) {
        progress.settle({ title: 'Failed', description: errorText(error, 'Failed to remove background'), variant: 'destructive' });
      }
    },
    [refreshLibrary],
  );

  const upscale = useCallback(
    async (asset: Asset, factor: UpscaleFactor) => {
      setUpscaling((current) => new Map(current).set(asset.id, factor));
      const progress = toast({ title: `Upscaling ${factor}×...`, description: 'This may take a minute...', persistent: true });
      try {
        const reply = await upscaleAsset(asset.id, factor);
        track(factor === 2 ? 'upscale_2x' : 'upscale_4x', { asset_id: asset.id, credits: CREDIT_COSTS.upscale });
        progress.settle({ title: 'Success!', description: `Image upscaled ${factor}×. ${reply.creditsRemaining} credits remaining` });
        await Promise.all([refreshLibrary(), refreshMe(queryClient)]);
      } catch (error) {
        progress.settle({ title: 'Upscale failed', description: errorText(error, 'Upscale failed'), variant: 'destructive' });
      } finally {
        setUpscaling((current) => {
          const next = new Map(current);
          next.delete(asset.id);
          return next;
        });
      }
    },
    [queryClient, refreshLibrary],
  );

  const download = useCallback(async (asset: Asset) => {
    try {
      await saveFile(imageUrl(asset.id), `printloom-${asset.id}.png`);
      track('image_download', { asset_id: asset.id, job_id: asset.jobId ?? undefined, variant: asset.variant ?? undefined });
    } catch {
      toast({ title: 'Download failed', variant: 'destructive' });
    }
  }, []);

  const downloadMany = useCallback(
    async (assets: readonly Asset[]) => {
      try {
        if (assets.length === 1) return await download(assets[0]);
        await saveFile(zipUrl(assets.map((asset) => asset.id)), 'printloom-designs.zip');
        for (const asset of assets) track('image_download', { asset_id: asset.id, job_id: asset.jobId ?? undefined });
      } catch {
        toast({ title: 'Download failed', variant: 'destructive' });
      }
    },
    [download],
  );

  /** One image (or a selection, as a ZIP) fitted to a product's canvas; the server's refusal (e.g. over the byte cap) is shown as it says it. */
  const exportFor = useCallback(async (assets: readonly Asset[], presetId: string) => {
    const ids = assets.map((asset) => asset.id);
    const progress = toast({ title: 'Preparing print file...', description: 'Large print files can take a few seconds', persistent: true });
    try {
      await saveFile(ids.length === 1 ? exportUrl(ids[0], presetId) : exportZipUrl(ids, presetId), exportFallbackName(presetId, ids));
      for (const asset of assets)
        track('image_download', { asset_id: asset.id, job_id: asset.jobId ?? undefined, variant: asset.variant ?? undefined });
      progress.settle({
        title: 'Exported',
        description: ids.length === 1 ? 'Print file saved' : `${ids.length} print files saved as a ZIP`,
      });
    } catch (error) {
      progress.settle({ title: 'Download failed', description: errorText(error, 'Download failed'), variant: 'destructive' });
    }
  }, []);

  return { upscaling, toggleStar, starMany, deleteOne, deleteMany, removeBackground, upscale, download, downloadMany, exportFor };
}
