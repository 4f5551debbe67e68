import { Download, RotateCcw } from 'lucide-react';
import type { Asset } from '@printloom/contracts/assets.schemas';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { formatDateTime } from '../../../lib/format';
import { imageUrl } from '../api/download-assets';
import { tileClass } from './asset-display';

export function ImageDetailsDialog({
  asset,
  onClose,
  onRerun,
  onDownload,
}: {
  asset: Asset | null;
  onClose: () => void;
  onRerun: (prompt: string) => void;
  onDownload: (asset: Asset) => void;
}) {
  return (
    <Dialog open={asset !== null} onOpenChange={(open) => !open && onClose()}>
      {asset && (
        <DialogContent title="Image Details" className="max-w-2xl">
          <div className="grid gap-5 sm:grid-cols-2">
            <div className={`${tileClass(asset.job.prompt)} overflow-hidden rounded-xl`}>
              <img
                src={imageUrl(asset.id, 'preview')}
                alt={`Preview: ${asset.job.prompt}`}
                className="aspect-square size-full object-contain"
              />
            </div>
            <dl className="space-y-3 text-sm">
              <Detail term="Prompt">
                <span className="whitespace-pre-wrap break-words">{asset.job.prompt || '—'}</span>
              </Detail>
              <Detail term="Job ID">
                <code className="break-all text-xs">{asset.jobId ?? '—'}</code>
              </Detail>
              <Detail term="Created">{formatDateTime(asset.createdAt)}</Detail>
              <Detail term="Dimensions">
                {asset.width} × {asset.height}
              </Detail>
              <Detail term="Expires">
                {formatDateTime(asset.expiresAt)}
                {asset.starred && ' (Starred: 1 year retention)'}
              </Detail>
            </dl>
          </div>
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => onRerun(asset.job.prompt)} disabled={!asset.job.prompt}>
              <RotateCcw className="size-4" aria-hidden /> Rerun with Same Prompt
            </Button>
            <Button onClick={() => onDownload(asset)}>
              <Download className="size-4" aria-hidden /> Download PNG
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}

function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{term}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}
