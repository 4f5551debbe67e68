import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { ASSETS } from '@printloom/contracts';
import type { RpcClient } from '@printloom/service-kit';
import type { ObjectStorage } from '@printloom/storage';

/** Noise does not compress: each file is megabytes, so a ZIP of four (~13 MB) is far larger than socket buffers. */
export function noisyPng(side = 900): Promise<Buffer> {
  return sharp(randomBytes(side * side * 4), { raw: { width: side, height: side, channels: 4 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** A job of four noisy designs, stored and ingested into the seller's library: their ZIP streams for a while. */
export async function ingestNoisyJob(rpc: RpcClient, storage: ObjectStorage, userId: string, prompt: string) {
  const jobId = randomUUID();
  const images = [];
  for (const variant of ['A', 'B', 'C', 'D'] as const) {
    const key = `jobs/${jobId}/${variant}.png`;
    await storage.put(key, await noisyPng(), 'image/png');
    images.push({ variant, key });
  }
  return rpc.request(ASSETS.ingest, { userId, jobId, prompt, images });
}
