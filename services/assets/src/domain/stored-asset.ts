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
  /** created_at at full microsecond precision, for the keyset cursor (a Date keeps only milliseconds). */
  cursorTimestamp: string;
}

export type NewAsset = Pick<
  StoredAsset,
  'id' | 'userId' | 'jobId' | 'variant' | 'kind' | 'sourceAssetId' | 'prompt' | 'width' | 'height' | 'originalSize' | 'etag'
> & {
  backgroundKept?: boolean;
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
