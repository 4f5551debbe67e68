// Runs in a worker thread of the image pool: the CPU-heavy image work, off the service's event loop.
import { AlreadyTransparentError, BackgroundTooBusyError, FloodFillBackgroundRemover } from './background-remover.js';
import { LanczosUpscaler, UpscaleTooLargeError } from './upscaler.js';

export type ImageTask = { operation: 'remove-background'; image: Uint8Array } | { operation: 'upscale'; image: Uint8Array; factor: 2 | 4 };

/** Expected refusals travel as data: error classes do not survive the thread boundary. */
export type ImageTaskResult =
  { ok: true; png: Uint8Array } | { ok: false; refusal: 'busy-background' | 'already-transparent' | 'too-large'; message: string };

const remover = new FloodFillBackgroundRemover();
const upscaler = new LanczosUpscaler();

export default async function runImageTask(task: ImageTask): Promise<ImageTaskResult> {
  const image = Buffer.from(task.image.buffer, task.image.byteOffset, task.image.byteLength);
  try {
    const png = task.operation === 'upscale' ? await upscaler.upscale(image, task.factor) : await remover.remove(image);
    return { ok: true, png };
  } catch (error) {
    if (error instanceof BackgroundTooBusyError) return { ok: false, refusal: 'busy-background', message: error.message };
    if (error instanceof AlreadyTransparentError) return { ok: false, refusal: 'already-transparent', message: error.message };
    if (error instanceof UpscaleTooLargeError) return { ok: false, refusal: 'too-large', message: error.message };
    throw error;
  }
}
