export const GENERATION_CONFIG = Symbol('GENERATION_CONFIG');
export const IMAGE_PROVIDER = Symbol('IMAGE_PROVIDER');
export const OBJECT_STORAGE = Symbol('OBJECT_STORAGE');
export const JOB_QUEUE = Symbol('JOB_QUEUE');
export const GENERATION_METRICS = Symbol('GENERATION_METRICS');
