import path from 'node:path';
import { z } from 'zod';
import { FsStorage } from './fs-storage.js';
import { S3Storage } from './s3-storage.js';
import type { ObjectStorage } from './object-storage.js';

const optional = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value));

export const storageEnvSchema = z
  .object({
    STORAGE_DRIVER: z.enum(['fs', 's3'], { message: "must be 'fs' or 's3'" }).default('fs'),
    STORAGE_DIR: z.string().default('.data/storage'),
    S3_ENDPOINT: optional,
    S3_ACCESS_KEY: optional,
    S3_SECRET_KEY: optional,
    S3_BUCKET: z.string().default('printloom'),
    S3_REGION: z.string().default('us-east-1'),
  })
  .superRefine((config, context) => {
    if (config.STORAGE_DRIVER !== 's3') return;
    for (const variable of ['S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'] as const) {
      if (!config[variable]) context.addIssue({ code: 'custom', path: [variable], message: 'is required when STORAGE_DRIVER=s3' });
    }
    if (config.S3_ENDPOINT && !/^https?:\/\//.test(config.S3_ENDPOINT)) {
      context.addIssue({ code: 'custom', path: ['S3_ENDPOINT'], message: 'must be a URL starting with http:// or https://' });
    }
  });
export type StorageConfig = z.infer<typeof storageEnvSchema>;

/**
 * The migrate step's (scripts/migrate.mjs): creates the S3 bucket when missing, with the migrate step's
 * credentials. Running apps never create one; the local-disk driver makes its folders as it writes.
 */
export async function prepareStorage(config: StorageConfig): Promise<void> {
  const storage = createStorage(config);
  if (storage instanceof S3Storage) await storage.createBucketIfMissing();
}

export function createStorage(config: StorageConfig): ObjectStorage {
  if (config.STORAGE_DRIVER === 'fs') return new FsStorage(path.resolve(config.STORAGE_DIR));
  const endpoint = new URL(config.S3_ENDPOINT!);
  const options = {
    endPoint: endpoint.hostname,
    port: endpoint.port ? Number(endpoint.port) : undefined,
    useSSL: endpoint.protocol === 'https:',
    accessKey: config.S3_ACCESS_KEY!,
    secretKey: config.S3_SECRET_KEY!,
    region: config.S3_REGION,
    pathStyle: true,
  };
  return new S3Storage(options, config.S3_BUCKET, config.S3_REGION);
}
