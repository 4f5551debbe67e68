import type { DesignQuality } from '@printloom/contracts';

/** An asset as the service works with it (the repository maps rows to this; nothing else sees a row). */
export interface StoredAsset {
  id: string;
  userId: string;
  jobId: string | null;
  variant: 'A' | 'B' | 'C' | 'D' | null;
  kind: 'generated' | 'background-removed' | 'upscaled';
  sourceAssetId: string | null;
  prompt: string;
  width: number;
  height: number;
  starred: boolean;
  originalSize: number;
  etag: string;
  createdAt: Date;
  expiresAt: Date;
  backgroundKept: boolean;
  /** The job's Black option, for a generated asset (null: not recorded, or not generated). */
  drawnForDark: boolean | null;
  /** Who drew it: the local engine can draw it again from its brief (prompt, job id, variant, Black). */
  drawnBy: 'engine' | 'image-model' | null;
  /** The job's Transparent option (null: not recorded, or not generated). */
  transparentAsked: boolean | null;
  /** The quality verdict: null while pending (and on edited copies, which get none). */
  quality: DesignQuality | null;
  /** created_at at full microsecond precision, for the keyset cursor (a Date keeps only milliseconds). */
  cursorTimestamp: string;
}

export type NewAsset = Pick<
  StoredAsset,
  'id' | 'userId' | 'jobId' | 'variant' | 'kind' | 'sourceAssetId' | 'prompt' | 'width' | 'height' | 'originalSize' | 'etag'
> & {
  backgroundKept?: boolean;
  drawnForDark?: boolean | null;
  drawnBy?: 'engine' | 'image-model' | null;
  transparentAsked?: boolean | null;
};

/** Enough to find an asset's files. */
export interface AssetRef {
  id: string;
  userId: string;
}

/** An unstarred image about to expire, as listed in a reminder. */
export interface ExpiringImage {
  prompt: string;
  variant: string | null;
  expiresAt: Date;
}
