export const ASSETS_CONFIG = Symbol('ASSETS_CONFIG');
export const OBJECT_STORAGE = Symbol('OBJECT_STORAGE');
export const BACKGROUND_REMOVER = Symbol('BACKGROUND_REMOVER');
export const UPSCALER = Symbol('UPSCALER');
export const EXPORT_FITTER = Symbol('EXPORT_FITTER');
export const GARMENT_FILE_MAKER = Symbol('GARMENT_FILE_MAKER');
export const MOCKUP_RENDERER = Symbol('MOCKUP_RENDERER');
export const QUALITY_METER = Symbol('QUALITY_METER');

/**
 * Removes an image's background; behind an interface so a hosted segmentation model can be added. Declared
 * here, on the library's side, because ingest asks it too: the library names what it needs, renders provide it.
 */
export interface BackgroundRemover {
  remove(image: Buffer): Promise<Buffer>;
}
