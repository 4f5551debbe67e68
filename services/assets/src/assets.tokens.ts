export const ASSETS_CONFIG = Symbol('ASSETS_CONFIG');
export const OBJECT_STORAGE = Symbol('OBJECT_STORAGE');
export const BACKGROUND_REMOVER = Symbol('BACKGROUND_REMOVER');
export const UPSCALER = Symbol('UPSCALER');
export const EXPORT_FITTER = Symbol('EXPORT_FITTER');
export const GARMENT_FILE_MAKER = Symbol('GARMENT_FILE_MAKER');
export const MOCKUP_RENDERER = Symbol('MOCKUP_RENDERER');
export const QUALITY_METER = Symbol('QUALITY_METER');
