// Every storage key of the system is built here: three prefixes, each with one owner.
//   u/{userId}/{assetId}/{file}   the library (assets service)
//   jobs/{jobId}/{variant}.png    a generation job's staging files until assets ingests them
//   uploads/{userId}/{uploadId}   an image uploaded to be described, deleted once described

export const STORAGE_PREFIXES = { users: 'u/', jobs: 'jobs/', uploads: 'uploads/' } as const;

/** `u/{userId}/{assetId}/{file}`: every file of a user under one prefix. */
export function assetKey(userId: string, assetId: string, file: string): string {
  return `${STORAGE_PREFIXES.users}${userId}/${assetId}/${file}`;
}

export function userPrefix(userId: string): string {
  return `${STORAGE_PREFIXES.users}${userId}/`;
}

/** The user and asset a library key belongs to, or null for a key outside `u/{user}/{asset}/…`. */
export function parseAssetKey(key: string): { userId: string; assetId: string; file: string } | null {
  const match = /^u\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(key);
  return match ? { userId: match[1], assetId: match[2], file: match[3] } : null;
}

export function jobPrefix(jobId: string): string {
  return `${STORAGE_PREFIXES.jobs}${jobId}/`;
}

export function jobImageKey(jobId: string, variant: string): string {
  return `${jobPrefix(jobId)}${variant}.png`;
}

export function uploadPrefix(userId: string): string {
  return `${STORAGE_PREFIXES.uploads}${userId}/`;
}

export function uploadKey(userId: string, uploadId: string): string {
  return `${uploadPrefix(userId)}${uploadId}`;
}
