import { LIMITS } from '@printloom/contracts/limits';

/** Uploads for Describe: jpeg, png or webp up to 10 MB; anything else is ignored. */
export function acceptableUpload(file: { type: string; size: number }): boolean {
  return (LIMITS.uploadMimeTypes as readonly string[]).includes(file.type) && file.size <= LIMITS.uploadMaxBytes;
}

export const UPLOAD_ACCEPT = LIMITS.uploadMimeTypes.join(',');
