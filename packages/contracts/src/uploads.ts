// The multipart uploads the gateway receives: one file each, in a named form field, within a byte
// limit, with one wording for each way an upload is refused.
import { LIMITS } from './limits.js';
import { BATCH_MESSAGES } from './messages.js';

export interface UploadRule {
  /** The multipart form field that carries the file. */
  field: string;
  maxBytes: number;
  /** 413 PAYLOAD_TOO_LARGE: the file is over `maxBytes`. */
  tooLarge: string;
  /** 400 BAD_REQUEST: another field, or more than one file. */
  oneFileOnly: string;
}

/** 400 BAD_REQUEST: the multipart body could not be read. */
export const MALFORMED_UPLOAD = 'Malformed upload';

export const UPLOADS = {
  /** `POST /api/describe`: an image to describe. */
  describeImage: {
    field: 'image',
    maxBytes: LIMITS.uploadMaxBytes,
    tooLarge: `Image must be ${LIMITS.uploadMaxBytes / (1024 * 1024)} MB or smaller.`,
    oneFileOnly: 'Send one image in the form field "image".',
  },
  /** `POST /api/batches` with a CSV: one design per row. */
  batchCsv: {
    field: 'file',
    maxBytes: LIMITS.batchCsvMaxBytes,
    tooLarge: BATCH_MESSAGES.csvTooLarge,
    oneFileOnly: BATCH_MESSAGES.csvRequired,
  },
} as const satisfies Record<string, UploadRule>;
