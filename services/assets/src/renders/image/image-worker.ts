// Runs in a worker thread of the image pool: the CPU-heavy image work, off the service's event loop.
import { AppError, exportPreset, type DesignQuality, type ExportPresetId, type MockupId } from '@printloom/contracts';
import { withPngText, type PngText } from '@printloom/storage';
import { AlreadyTransparentError, BackgroundTooBusyError, FloodFillBackgroundRemover } from './background-remover.js';
import { fitToPreset } from './export-fit.js';
import { makeGarmentFile, type GarmentFilePlan } from '../print-files/garment-file.js';
import { LanczosUpscaler, UpscaleTooLargeError } from './upscaler.js';
import { renderMockups } from '../mockups/render-mockups.js';
import { measureQuality, type QualityPlan } from '../quality/measure-quality.js';
import { tesseract } from '../quality/ocr.js';

export type ImageTask =
  | { operation: 'remove-background'; image: Uint8Array }
  | { operation: 'upscale'; image: Uint8Array; factor: 2 | 4 }
  | { operation: 'fit-export'; image: Uint8Array; presetId: ExportPresetId; text: PngText }
  | { operation: 'garment-file'; image: Uint8Array; plan: GarmentFilePlan; text: PngText }
  | { operation: 'render-mockups'; image: Uint8Array; dark: Uint8Array }
  | { operation: 'measure-quality'; image: Uint8Array; plan: QualityPlan };

export type ImageOperation = ImageTask['operation'];

/** Expected refusals travel as data: error classes do not survive the thread boundary. */
export type ImageTaskResult =
  | { ok: true; png: Uint8Array }
  | { ok: true; mockups: Array<{ id: MockupId; jpeg: Uint8Array }> }
  | { ok: true; quality: DesignQuality }
  | { ok: false; refusal: 'busy-background' | 'already-transparent' | 'too-large' | 'over-export-cap'; message: string };

const remover = new FloodFillBackgroundRemover();
const upscaler = new LanczosUpscaler();

async function run(task: Exclude<ImageTask, { operation: 'render-mockups' | 'measure-quality' }>, image: Buffer): Promise<Buffer> {
  if (task.operation === 'upscale') return upscaler.upscale(image, task.factor);
  if (task.operation === 'remove-background') return remover.remove(image);
  if (task.operation === 'garment-file') return withPngText(await makeGarmentFile(image, task.plan), task.text);
  // Stamped here too: the text chunks copy the whole file, which is work the event loop is spared.
  return withPngText(await fitToPreset(image, exportPreset(task.presetId)), task.text);
}

export default async function runImageTask(task: ImageTask): Promise<ImageTaskResult> {
  const image = Buffer.from(task.image.buffer, task.image.byteOffset, task.image.byteLength);
  try {
    if (task.operation === 'render-mockups') {
      const dark = Buffer.from(task.dark.buffer, task.dark.byteOffset, task.dark.byteLength);
      return { ok: true, mockups: await renderMockups({ light: image, dark }) };
    }
    if (task.operation === 'measure-quality') return { ok: true, quality: await measureQuality(image, task.plan, tesseract) };
    return { ok: true, png: await run(task, image) };
  } catch (error) {
    if (error instanceof BackgroundTooBusyError) return { ok: false, refusal: 'busy-background', message: error.message };
    if (error instanceof AlreadyTransparentError) return { ok: false, refusal: 'already-transparent', message: error.message };
    if (error instanceof UpscaleTooLargeError) return { ok: false, refusal: 'too-large', message: error.message };
    if (error instanceof AppError && error.code === 'UNPROCESSABLE')
      return { ok: false, refusal: 'over-export-cap', message: error.message };
    throw error;
  }
}
